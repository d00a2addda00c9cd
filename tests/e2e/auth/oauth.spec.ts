import { authScreen, currentUser, NEW_PASSWORD, toast, uniqueEmail } from "../support/accounts";
import { expectRegistrationWithProviderEmail, signInAtProvider } from "../support/google";
import { expect, test } from "../support/test";

/**
 * Google sign-in in a real browser, end to end: the "Google" here is a real OpenID Connect provider on
 * 127.0.0.1:5398 (tests/support/oidc-provider-server.ts, started by playwright.config.ts), so the
 * redirects, the code exchange, PKCE, the ID token checks and the one-time handoff are the real ones.
 */

test.describe("signing in and registering with Google", () => {
  test("a new guest registers with Google, signs out, and signs in with Google again", async ({ page }) => {
    const person = { email: uniqueEmail("google-guest"), firstName: "Grace", lastName: "Hopper" };
    const auth = authScreen(page);

    await page.goto("/auth");
    await auth.registerTab.click();
    await auth.guestRole.click();
    await auth.googleButton.click();
    await signInAtProvider(page, person);

    await expect(toast(page, "Login Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace" })).toBeVisible();
    expect(await currentUser(page.request)).toMatchObject({
      email: person.email,
      role: "guest",
      provider: "google",
      emailVerified: true,
    });

    await page.goto("/api/logout");
    await expect(page).toHaveURL(/\/$/);
    expect(await currentUser(page.request)).toBeNull();

    await page.goto("/auth");
    await auth.googleButton.click();
    // Still signed in at the provider, which answers at once (as Google does): no form this time.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace" })).toBeVisible();
    expect(await currentUser(page.request)).toMatchObject({ email: person.email });
  });

  test("a Google account without an account here is offered registration with its e-mail locked", async ({ page }) => {
    const person = { email: uniqueEmail("google-unknown"), firstName: "Ada", lastName: "Byron" };
    const auth = authScreen(page);

    await page.goto("/auth");
    await auth.googleButton.click();
    await signInAtProvider(page, person);

    await expect(toast(page, "Account not found")).toBeVisible();
    await expectRegistrationWithProviderEmail(page, person.email);
    expect(await currentUser(page.request)).toBeNull();

    await auth.guestRole.click();
    await auth.firstName.fill(person.firstName);
    await auth.lastName.fill(person.lastName);
    await auth.createAccountButton.click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeVisible();
    expect(await currentUser(page.request)).toMatchObject({
      email: person.email,
      role: "guest",
      provider: "google",
      emailVerified: true,
    });
  });

  test("an existing e-mail account signs in with Google for the same address", async ({ page }) => {
    const person = { email: uniqueEmail("google-link"), firstName: "Mary", lastName: "Somerville" };
    const registered = await page.request.post("/api/auth/register", {
      data: { ...person, password: NEW_PASSWORD, role: "guest" },
    });
    expect(registered.status()).toBe(201);
    await page.request.post("/api/auth/logout");

    await page.goto("/auth");
    await authScreen(page).googleButton.click();
    await signInAtProvider(page, person);

    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await currentUser(page.request)).toMatchObject({
      email: person.email,
      provider: "google",
      emailVerified: true,
    });
  });

  test("registering with Google as an existing account sends the visitor to Sign In", async ({ page }) => {
    const person = { email: uniqueEmail("google-exists"), firstName: "Ann", lastName: "Other" };
    const auth = authScreen(page);
    await page.request.post("/api/auth/register", {
      data: { ...person, password: NEW_PASSWORD, role: "guest" },
    });
    await page.request.post("/api/auth/logout");

    await page.goto("/auth?tab=register");
    await auth.guestRole.click();
    await auth.googleButton.click();
    await signInAtProvider(page, person);

    await expect(toast(page, "Account already exists")).toBeVisible();
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveValue(person.email);
  });

  test("a visitor sent to sign in from Saved Properties signs in with Google and is taken back there", async ({
    page,
  }) => {
    const person = { email: uniqueEmail("google-return"), firstName: "Rosalind", lastName: "Franklin" };
    const registered = await page.request.post("/api/auth/register", {
      data: { ...person, password: NEW_PASSWORD, role: "guest" },
    });
    expect(registered.status()).toBe(201);
    await page.request.post("/api/auth/logout");

    await page.goto("/saved-properties");
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsaved-properties$/);
    await authScreen(page).googleButton.click();
    await signInAtProvider(page, person);

    await expect(toast(page, "Login Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/saved-properties$/);
    await expect(page.getByRole("heading", { level: 1, name: "Saved Properties" })).toBeVisible();

    // A return path that would leave the site is not followed: the next sign-in ends on the dashboard.
    await page.goto("/api/logout");
    await page.goto(`/auth?returnTo=${encodeURIComponent("//evil.example/phish")}`);
    await authScreen(page).googleButton.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
