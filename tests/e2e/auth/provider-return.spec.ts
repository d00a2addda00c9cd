import { authScreen, currentUser, DEMO_ACCOUNTS, signInThroughApi, toast, uniqueEmail } from "../support/accounts";
import {
  expectRegistrationWithProviderEmail,
  oauthHandoffToken,
  providerSignInHeading,
  signInAtProvider,
} from "../support/google";
import { expect, test } from "../support/test";

/**
 * What /auth does with the answers the server sends the browser back with from Google or Apple. The run's server has
 * Google set up (the local OpenID provider of playwright.config.ts) and Apple not.
 */

test.describe("coming back from Google or Apple to /auth", () => {
  test("account_not_found opens registration in OAuth mode: e-mail locked, no password", async ({ page }) => {
    await page.goto("/auth?error=account_not_found&email=x@y.z&provider=google");

    await expect(toast(page, "Account not found")).toBeVisible();
    await expect(
      toast(page, "No account exists with this google email. Please create an account to continue."),
    ).toBeVisible();
    await expectRegistrationWithProviderEmail(page, "x@y.z");
    // The query is read once and cleaned from the address bar.
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test("a landlord finishing a Google sign-up is registered and told the application is under review", async ({
    page,
    request,
  }) => {
    const auth = authScreen(page);
    const person = { email: uniqueEmail("google-landlord"), firstName: "Ada", lastName: "Byron" };
    await page.goto("/auth");
    await auth.googleButton.click();
    await signInAtProvider(page, person);

    // No account for this Google identity: registration, in OAuth mode, with the address Google confirmed.
    await expect(toast(page, "Account not found")).toBeVisible();
    await expectRegistrationWithProviderEmail(page, person.email);

    await auth.landlordRole.click();
    await auth.firstName.fill(person.firstName);
    await auth.lastName.fill(person.lastName);
    const registration = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/register-oauth");
    await auth.createAccountButton.click();

    const answer = await registration;
    expect(answer.request().postDataJSON()).toEqual({ ...person, role: "landlord", provider: "google" });
    expect(answer.status()).toBe(201);
    // Google verified the address, so only the review is left (no e-mail step).
    expect(await answer.json()).toMatchObject({ requiresApproval: true, requiresEmailVerification: false });
    await expect(page.getByRole("heading", { level: 1, name: "Application under review" })).toBeVisible();
    await expect(page.getByRole("main").getByText(person.email)).toBeVisible();
    expect(await currentUser(page.request)).toBeNull();

    // The account exists: signing in with Google again (the provider remembers the person) ends at the same notice…
    await auth.backToLogin.click();
    await expect(page.getByRole("heading", { level: 1, name: "Application under review" })).toHaveCount(0);
    await auth.googleButton.click();
    await expect(page.getByRole("heading", { level: 1, name: "Application under review" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await currentUser(page.request)).toBeNull();

    // …and it waits in the admins' queue as a Google sign-up with a verified e-mail.
    await signInThroughApi(request, DEMO_ACCOUNTS.admin);
    const pending = (await (await request.get("/api/admin/pending-landlords")).json()) as Record<string, unknown>[];
    expect(pending.find((l) => l.email === person.email)).toMatchObject({
      firstName: person.firstName,
      lastName: person.lastName,
      provider: "google",
      emailVerified: true,
    });
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
    const person = { email: uniqueEmail("google-home"), firstName: "Grace", lastName: "Hopper" };
    // A real one-time token: the whole Google registration, run redirect by redirect in this browser's cookie jar.
    const token = await oauthHandoffToken(page.request, person, { intent: "register", role: "guest" });
    expect(await currentUser(page.request)).toBeNull();

    await page.goto(`/?auth=success&token=${encodeURIComponent(token)}`);
    await expect(toast(page, "Login Successful")).toBeVisible();
    await expect(toast(page, "Welcome! You have been successfully logged in.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace" })).toBeVisible();
    expect(await currentUser(page.request)).toMatchObject({ email: person.email, role: "guest", provider: "google" });
  });
});

test.describe("Google and Apple buttons", () => {
  test("Google, set up on this server, is enabled; Apple, not set up, is disabled and says so", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth");
    await expect(auth.googleButton).toBeEnabled();
    await expect(auth.appleButton).toBeDisabled();
    await expect(auth.appleButton).toHaveAccessibleDescription("Apple sign-in is not set up on this server");
    await expect(page.getByText("Apple sign-in is not set up on this server")).toBeVisible();
    await expect(page.getByText("Google sign-in is not set up on this server")).toHaveCount(0);
  });

  test("when the server cannot say which providers exist, both buttons stay disabled", async ({ page }) => {
    const auth = authScreen(page);
    // The request fails on the way (a network error): what is tested is the page's handling of that failure.
    await page.route("**/api/auth/providers", (route) => route.abort("failed"));
    await page.goto("/auth");
    await expect(page.getByText("Google sign-in is not set up on this server")).toBeVisible();
    await expect(page.getByText("Apple sign-in is not set up on this server")).toBeVisible();
    await expect(auth.googleButton).toBeDisabled();
    await expect(auth.appleButton).toBeDisabled();
  });

  test("signing in with Google goes to /api/auth/google?intent=login and on to the provider", async ({ page }) => {
    await page.goto("/auth");
    const start = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/google");
    await authScreen(page).googleButton.click();
    expect(new URL((await start).url()).search).toBe("?intent=login");
    await expect(providerSignInHeading(page)).toBeVisible();
  });

  test("registering with Google needs a role first, then carries it to the provider", async ({ page }) => {
    const auth = authScreen(page);
    const starts: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/auth/google") starts.push(r.url());
    });
    await page.goto("/auth?tab=register");
    await auth.googleButton.click();
    await expect(toast(page, "You must choose your role before continuing with account creation.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    expect(starts).toEqual([]);

    await auth.landlordRole.click();
    const start = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/google");
    await auth.googleButton.click();
    expect(new URL((await start).url()).search).toBe("?intent=register&role=landlord");
    await expect(providerSignInHeading(page)).toBeVisible();
  });
});
