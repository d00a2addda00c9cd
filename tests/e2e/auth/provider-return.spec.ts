import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { authScreen, toast } from "./accounts";

/** Pretends the server has Google set up and Apple not, whatever this run's configuration is. */
async function withProviders(page: Page, providers: { google: boolean; apple: boolean }) {
  await page.route("**/api/auth/providers", (route) => route.fulfill({ json: providers }));
}

test.describe("coming back from Google or Apple to /auth", () => {
  test("account_not_found opens registration in OAuth mode: e-mail locked, no password", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth?error=account_not_found&email=x@y.z&provider=google");

    await expect(toast(page, "Account not found")).toBeVisible();
    await expect(
      toast(page, "No account exists with this google email. Please create an account to continue."),
    ).toBeVisible();
    await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveValue("x@y.z");
    await expect(auth.email).toHaveAttribute("readonly", "");
    await expect(auth.password).toHaveCount(0);
    // The query is read once and cleaned from the address bar.
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test("finishing an OAuth sign-up sends names, role and provider to register-oauth and shows the outcome", async ({
    page,
  }) => {
    const auth = authScreen(page);
    let sent: unknown;
    await page.route("**/api/auth/register-oauth", async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        status: 201,
        json: { requiresApproval: true, requiresEmailVerification: true, email: "x@y.z" },
      });
    });
    await page.goto("/auth?error=account_not_found&email=x@y.z&provider=google");
    await auth.landlordRole.click();
    await auth.firstName.fill("Ada");
    await auth.lastName.fill("Byron");
    await auth.createAccountButton.click();

    await expect(page.getByRole("heading", { level: 1, name: "Registration complete" })).toBeVisible();
    expect(sent).toEqual({ email: "x@y.z", firstName: "Ada", lastName: "Byron", role: "landlord", provider: "google" });
  });

  test("account_already_exists opens Sign In with the e-mail filled in", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth?tab=register&error=account_already_exists&email=guest@staylondon.example&provider=google");

    await expect(toast(page, "Account already exists")).toBeVisible();
    await expect(
      toast(page, "An account with this google email already exists. Please sign in instead."),
    ).toBeVisible();
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveValue("guest@staylondon.example");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("apple_private_relay asks for a real e-mail address in an empty, editable field", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth?error=apple_private_relay&provider=apple");

    await expect(toast(page, "Complete Apple Registration")).toBeVisible();
    await expect(
      toast(
        page,
        "Apple provided a private relay email. Please enter your real email address to complete registration.",
      ),
    ).toBeVisible();
    await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveValue("");
    await expect(auth.email).toBeEditable();
    await expect(auth.password).toHaveCount(0);
  });

  test("any other provider error says which one", async ({ page }) => {
    await page.goto("/auth?error=access_denied&provider=google");
    await expect(toast(page, "Sign in failed")).toBeVisible();
    await expect(toast(page, "There was an issue signing in with access_denied. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a completion token the server does not accept ends in 'Sign in failed'", async ({ page }) => {
    await page.goto("/auth?auth=success&token=not-a-real-token");
    await expect(toast(page, "Sign in failed")).toBeVisible();
    await expect(toast(page, "There was an issue completing your sign in. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(authScreen(page).signInTab).toBeVisible();
  });

  test("a completed OAuth sign-in on the home URL welcomes the user and goes to the dashboard", async ({ page }) => {
    // The provider round-trip itself needs a real provider; the answer of complete-oauth is played here.
    const user = await signedInGuestUser(page);
    await page.route("**/api/auth/complete-oauth", (route) => route.fulfill({ json: { user } }));
    await page.goto("/?auth=success&token=one-time-token");
    await expect(toast(page, "Login Successful")).toBeVisible();
    await expect(toast(page, "Welcome! You have been successfully logged in.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

/** Signs in guest@ (a real session), and returns the user as the server describes it. */
async function signedInGuestUser(page: Page) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: "guest@staylondon.example", password: "StayLondon-demo-2026" },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).user;
}

test.describe("Google and Apple buttons", () => {
  test("a provider the server has not set up is disabled and says so", async ({ page }) => {
    await withProviders(page, { google: true, apple: false });
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Continue with Apple" })).toBeDisabled();
    await expect(page.getByText("Apple sign-in is not set up on this server")).toBeVisible();
  });

  test("when the server cannot say which providers exist, both buttons stay disabled", async ({ page }) => {
    await page.route("**/api/auth/providers", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    await expect(page.getByText("Google sign-in is not set up on this server")).toBeVisible();
  });

  test("signing in with Google goes to /api/auth/google?intent=login", async ({ page }) => {
    await withProviders(page, { google: true, apple: true });
    await page.route("**/api/auth/google?**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>Google</p>" }),
    );
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/api\/auth\/google\?intent=login$/);
  });

  test("registering with Apple needs a role first, then carries it to the provider", async ({ page }) => {
    const auth = authScreen(page);
    await withProviders(page, { google: true, apple: true });
    await page.route("**/api/auth/apple?**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>Apple</p>" }),
    );
    await page.goto("/auth?tab=register");
    await page.getByRole("button", { name: "Continue with Apple" }).click();
    await expect(toast(page, "You must choose your role before continuing with account creation.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);

    await auth.landlordRole.click();
    await page.getByRole("button", { name: "Continue with Apple" }).click();
    await expect(page).toHaveURL(/\/api\/auth\/apple\?intent=register&role=landlord$/);
  });
});
