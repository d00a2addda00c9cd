import { randomUUID } from "node:crypto";
import { createUserWithOperatorCommand, enrolTwoFactorThroughApi } from "../support/accounts";
import { stripeAppForFile } from "../support/stripe-app";
import { expect, test } from "../support/test";

/**
 * A payee sets up payouts through Stripe's hosted onboarding and comes back to see them ready. The run's own server is
 * in demo mode (no Stripe keys), where payouts are ready at once, so this file starts a second app with card payments
 * on (support/stripe-app.ts), talking to a local server that speaks Stripe's API and serves its hosted onboarding page;
 * that page, once completed, tells the app through a signed account.updated webhook, as Stripe does.
 */

test.describe.configure({ mode: "serial" });

const PASSWORD = "correct horse battery staple";

const app = stripeAppForFile("whsec_e2e_onboarding");

test("a landlord with two-factor sign-in sets up payouts on Stripe's page and comes back to them ready", async ({
  page,
}) => {
  // Two apps, PostgreSQL and the browser share the machine: a page can wait its turn.
  test.setTimeout(120_000);
  const { stripe, origin, dataDir } = app();
  const email = `payee-${randomUUID().slice(0, 8)}@example.com`;
  await createUserWithOperatorCommand({ email, password: PASSWORD, role: "landlord", firstName: "Pat", dataDir });
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
