/**
 * The test OpenID Connect provider as a process of its own, standing in for Google in the browser tests
 * (playwright.config.ts starts it as a second web server: `npx tsx tests/support/oidc-provider-server.ts`).
 *
 * OIDC_PORT           port on 127.0.0.1 (5398)
 * OIDC_APP_URL        the app's origin, for the registered redirect URIs (http://127.0.0.1:5399)
 * OIDC_CLIENT_ID      the Google-shaped client's id
 * OIDC_CLIENT_SECRET  its secret, generated per run by playwright.config.ts
 *
 * Test users are whoever the browser types into the provider's sign-in form (e-mail, names, verified).
 */
import { startOidcProvider } from "./oidc-provider";

const clientSecret = process.env.OIDC_CLIENT_SECRET;
if (!clientSecret) {
  process.stderr.write("OIDC_CLIENT_SECRET is required\n");
  process.exit(1);
}

const provider = await startOidcProvider({
  port: Number(process.env.OIDC_PORT ?? 5398),
  host: "127.0.0.1",
  appUrl: process.env.OIDC_APP_URL ?? "http://127.0.0.1:5399",
  googleClientId: process.env.OIDC_CLIENT_ID ?? "staylondon-e2e",
  googleClientSecret: clientSecret,
});
process.stdout.write(`Test OpenID provider on ${provider.issuer}\n`);

const stop = () => {
  provider.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
