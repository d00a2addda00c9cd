import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../../../server/lib/project-root";
import { exited, freePort, startServerProcess } from "../../support/server-process";
import { type StripeApiServer, startStripeApiServer } from "../../support/stripe-api-server";
import { enrolTwoFactorThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * A payee sets up payouts through Stripe's hosted onboarding and comes back to see them ready. The run's own server
 * is in demo mode (no Stripe keys), where payouts are ready at once, so this file starts a second app with card
 * payments on, talking to a local server that speaks Stripe's API and serves its hosted onboarding page; that page,
 * once completed, tells the app through a signed account.updated webhook, as Stripe does.
 */

test.describe.configure({ mode: "serial" });

const WEBHOOK_SECRET = "whsec_e2e_onboarding";
const PASSWORD = "correct horse battery staple";

let stripe: StripeApiServer;
let app: { child: ChildProcess; port: number };
let dataDir: string;
let origin: string;

test.beforeAll(async () => {
  // A second app on a machine the run shares: its start alone can take a minute when the machine is busy.
  test.setTimeout(240_000);
  stripe = await startStripeApiServer();
  dataDir = await mkdtemp(path.join(tmpdir(), "staylondon-e2e-stripe-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await startServerProcess(
    {
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "false",
      RATE_LIMIT_FACTOR: "100",
      // Links, the CSP, the same-origin check and Stripe's return address follow the origin the browser uses.
      PUBLIC_URL: origin,
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_PUBLISHABLE_KEY: "pk_test_local",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      LOG_LEVEL: "warn",
    },
    { port, readyWithinMs: 180_000 },
  );
  stripe.sendEventsTo({ url: `${origin}/api/stripe/webhook`, secret: WEBHOOK_SECRET });
});

test.afterAll(async () => {
  if (app) {
    app.child.kill("SIGTERM");
    await exited(app.child);
  }
  await stripe?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** An approved landlord made by the operator command against this file's app, as `npm run user:create` makes one. */
async function createLandlord(email: string): Promise<void> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const { stdout } = await promisify(execFile)(
    "npm",
    ["run", "--silent", "user:create", "--", "--email", email, "--password", PASSWORD, "--role", "landlord"],
    { cwd: projectRoot, env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, timeout: 60_000 },
  );
  expect(stdout).toMatch(/Created user \d+/);
}

test("a landlord with two-factor sign-in sets up payouts on Stripe's page and comes back to them ready", async ({
  page,
}) => {
  // Two apps, PostgreSQL and the browser share the machine: a page can wait its turn.
  test.setTimeout(120_000);
  const email = `payee-${randomUUID().slice(0, 8)}@example.com`;
  await createLandlord(email);
  const login = await page.request.post(`${origin}/api/auth/login`, { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  // Where payouts go is guarded by two-factor sign-in: turned on as Profile would, with an authenticator's code.
  await enrolTwoFactorThroughApi(page.request, origin);

  await page.goto(`${origin}/account/payouts`);
  await expect(page.getByRole("heading", { level: 1, name: "Payout Settings" })).toBeVisible();
  await expect(page.getByText("Payouts are not set up yet")).toBeVisible();
  await page.getByRole("button", { name: "Set up payouts" }).click();

  // Stripe's hosted page (the local one), on Stripe's origin, not the app's.
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/onboarding/link_\\w+$`));
  await page.getByRole("button", { name: "Complete onboarding" }).click();

  // Back on Payout Settings, ready because Stripe's signed account.updated said so.
  await expect(page).toHaveURL(`${origin}/account/payouts?stripe=return`);
  await expect(page.getByText("Payouts are set up")).toBeVisible();
  await expect(page.getByRole("button", { name: /Set up payouts|Continue with Stripe/ })).toHaveCount(0);
  const account = await page.request.get(`${origin}/api/payouts/account`);
  expect(await account.json()).toMatchObject({ state: "ready", demo: false, payoutsEnabled: true });
  // The app opened exactly one Express account for the landlord, and it is the one now ready.
  const me = (await (await page.request.get(`${origin}/api/auth/user`)).json()) as { user: { id: number } };
  const userId = String(me.user.id);
  const opened = stripe.calls.filter(
    (c) => c.method === "POST" && c.path === "/v1/accounts" && c.form["metadata[userId]"] === userId,
  );
  expect(opened).toHaveLength(1);
});
