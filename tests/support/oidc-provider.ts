import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, importSPKI, jwtVerify } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, standing in for Google and
 * for Apple in tests. Both Vitest and Playwright (through tests/support/oidc-provider-server.ts) use it.
 *
 * - Two clients: a Google-shaped one (client_secret_post with a random secret) and an Apple-shaped one
 *   whose client_secret must be the ES256 JWT Apple expects (iss = team id, sub = client id,
 *   aud = https://appleid.apple.com, kid = key id), checked against a key pair generated here.
 * - PKCE is required of every client; ID tokens carry the e-mail and name claims (as Google's do).
 * - Sign-in is a tiny form at /interaction/:uid: whoever fills it in (a test, or a browser) chooses the
 *   user: e-mail, names, whether the e-mail is verified, and optionally the `sub`. Without a `sub`, the
 *   same e-mail always gets the same one. "Cancel" answers access_denied.
 * - Consent is implied: a first-party stand-in has nothing to ask.
 */

export const APPLE_AUDIENCE = "https://appleid.apple.com";

export type TestUserClaims = {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  is_private_email?: boolean;
};

export type OidcTestProvider = {
  issuer: string;
  google: { clientId: string; clientSecret: string };
  apple: { clientId: string; teamId: string; keyId: string; privateKeyPem: string };
  /** The `sub` the form gives an e-mail when none is typed. */
  subjectFor: (email: string) => string;
  close: () => Promise<void>;
};

export type OidcProviderOptions = {
  /** The app's public origin; redirect URIs are `${appUrl}/api/auth/{google,apple}/callback`. */
  appUrl: string;
  port?: number;
  host?: string;
  googleClientId?: string;
  googleClientSecret?: string;
};

export const subjectFor = (email: string) =>
  `sub-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 20)}`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string): string {
  const field = (name: string, label: string, type = "text", extra = "") =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}" ${extra}></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1><p>Signing in to ${escapeHtml(clientId)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
${field("email", "Email", "email", 'required autocomplete="off"')}
${field("given_name", "First name")}
${field("family_name", "Last name")}
${field("sub", "Subject (optional)")}
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
  const host = options.host ?? "127.0.0.1";
  const accounts = new Map<string, TestUserClaims>();

  const google = {
    clientId: options.googleClientId ?? "staylondon-google-test",
    clientSecret: options.googleClientSecret ?? randomBytes(24).toString("base64url"),
  };
  const appleKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const apple = {
    clientId: "com.staylondon.test.web",
    teamId: "TEAMID1234",
    keyId: "KEYID56789",
    privateKeyPem: appleKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
  const applePublicKey = await importSPKI(
    appleKeys.publicKey.export({ type: "spki", format: "pem" }).toString(),
    "ES256",
  );
  // What the Apple-shaped client's JWT is exchanged for once it has been verified (never leaves this process).
  const appleStaticSecret = randomBytes(24).toString("base64url");

  const signing = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(signing.privateKey)), kid: "test-signing-key", alg: "RS256", use: "sig" };

  let provider: Provider | undefined;
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(`test provider error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: google.clientId,
        client_secret: google.clientSecret,
        redirect_uris: [`${options.appUrl}/api/auth/google/callback`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
      {
        client_id: apple.clientId,
        client_secret: appleStaticSecret,
        redirect_uris: [`${options.appUrl}/api/auth/apple/callback`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified", "is_private_email"],
      profile: ["name", "given_name", "family_name"],
      // Apple's scope for the name (Apple itself sends the name in a form field, not in the ID token).
      name: [],
    },
    // Like Google: the ID token carries the e-mail and name claims even though an access token is issued.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    // Consent is implied for these first-party test clients.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(" "));
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = "text/plain";
      ctx.body = `test provider error: ${JSON.stringify(out)}`;
    },
  };
  provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!provider) throw new Error("provider not ready");
    const url = new URL(req.url ?? "/", issuer);
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (interaction) {
      const [, uid = "", action] = interaction;
      const details = await provider.interactionDetails(req, res);
      if (!action && req.method === "GET") {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("cache-control", "no-store");
        res.end(loginPage(uid, String(details.params.client_id ?? "")));
        return;
      }
      if (req.method !== "POST") {
        res.statusCode = 405;
        res.end();
        return;
      }
      if (action === "abort") {
        await provider.interactionFinished(
          req,
          res,
          { error: "access_denied", error_description: "The user cancelled the sign-in" },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const form = await readForm(req);
      const email = (form.get("email") ?? "").trim();
      if (!email) {
        res.statusCode = 400;
        res.end("email is required");
        return;
      }
      const sub = form.get("sub")?.trim() || subjectFor(email);
      const given = form.get("given_name")?.trim() || undefined;
      const family = form.get("family_name")?.trim() || undefined;
      accounts.set(sub, {
        email,
        email_verified: form.get("email_verified") === "true",
        ...(given ? { given_name: given } : {}),
        ...(family ? { family_name: family } : {}),
        ...(given || family ? { name: [given, family].filter(Boolean).join(" ") } : {}),
        ...(email.endsWith("@privaterelay.appleid.com") ? { is_private_email: true } : {}),
      });
      await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return;
    }

    // Apple's client authentication: the client_secret is an ES256 JWT signed with the developer's key.
    // Verified here; the standard client_secret_post check then sees the client's static secret.
    if (req.method === "POST" && url.pathname === "/token") {
      const form = await readForm(req);
      if (form.get("client_id") === apple.clientId) {
        const secret = form.get("client_secret") ?? "";
        const verified = await jwtVerify(secret, applePublicKey, {
          algorithms: ["ES256"],
          issuer: apple.teamId,
          subject: apple.clientId,
          audience: APPLE_AUDIENCE,
        }).catch(() => null);
        form.set("client_secret", verified?.protectedHeader.kid === apple.keyId ? appleStaticSecret : "rejected");
      }
      // oidc-provider reads an already-consumed body from req.body.
      (req as http.IncomingMessage & { body?: Record<string, string> }).body = Object.fromEntries(form);
    }
    await callback(req, res);
  }

  return {
    issuer,
    google,
    apple,
    subjectFor,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
