import { authScreen, DEMO_ACCOUNTS, NEW_PASSWORD, toast, uniqueEmail } from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("registration on /auth", () => {
  test("?tab=register opens Create Account, with no role chosen for the visitor", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth?tab=register");
    await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.guestRole).toHaveAttribute("aria-checked", "false");
    await expect(auth.landlordRole).toHaveAttribute("aria-checked", "false");
    // Only the two self-service roles can be chosen.
    await expect(page.getByRole("tabpanel").getByRole("radio")).toHaveCount(2);
    await expect(auth.email).toHaveAttribute("type", "email");
    await expect(auth.password).toHaveAttribute("autocomplete", "new-password");
  });

  test("a new guest registers, is welcomed and lands on their dashboard with their name in the navigation", async ({
    page,
  }) => {
    const auth = authScreen(page);
    await page.goto("/auth?tab=register");
    await auth.guestRole.click();
    await auth.firstName.fill("Ada");
    await auth.lastName.fill("Lovelace");
    await auth.email.fill(uniqueEmail("guest"));
    await auth.password.fill(NEW_PASSWORD);
    await auth.createAccountButton.click();

    await expect(toast(page, "Account created!")).toBeVisible();
    await expect(toast(page, /Welcome to StayLondon/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Guest/Tenant Account")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Ada" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  });

  test("a new landlord sees the two-step notice, and signing in before verifying asks them to check their email", async ({
    page,
  }) => {
    const auth = authScreen(page);
    const email = uniqueEmail("landlord");
    await page.goto("/auth?tab=register");
    await auth.landlordRole.click();
    await auth.firstName.fill("Grace");
    await auth.lastName.fill("Hopper");
    await auth.email.fill(email);
    await auth.password.fill(NEW_PASSWORD);
    await auth.createAccountButton.click();

    await expect(page.getByRole("heading", { level: 1, name: "Registration complete" })).toBeVisible();
    await expect(page.getByText("Verify your email")).toBeVisible();
    await expect(page.getByText(/within 24-48 hours/)).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await auth.backToLogin.click();
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveValue(email);

    await auth.password.fill(NEW_PASSWORD);
    await auth.signInButton.click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(auth.backToLogin).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("registering an e-mail that is taken explains why, then opens Sign In after 2 seconds with the e-mail kept", async ({
    page,
  }) => {
    const auth = authScreen(page);
    await page.goto("/auth?tab=register");
    await auth.guestRole.click();
    await auth.firstName.fill("Emma");
    await auth.lastName.fill("Again");
    await auth.email.fill(DEMO_ACCOUNTS.guest);
    await auth.password.fill(NEW_PASSWORD);
    await auth.createAccountButton.click();

    await expect(toast(page, "Registration failed")).toBeVisible();
    await expect(toast(page, /already exists/)).toBeVisible();
    const shownAt = Date.now();
    // Still on Create Account while the toast is read…
    await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");
    // …then Sign In, with the address kept.
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true", { timeout: 6000 });
    expect(Date.now() - shownAt, "the switch waits about 2 s").toBeGreaterThan(1200);
    await expect(auth.email).toHaveValue(DEMO_ACCOUNTS.guest);
  });

  test("a visitor who chooses no role is told to pick one, and nothing is sent", async ({ page }) => {
    const auth = authScreen(page);
    let registrations = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/register")) registrations += 1;
    });
    await page.goto("/auth?tab=register");
    await auth.firstName.fill("Nora");
    await auth.lastName.fill("Noroles");
    await auth.email.fill(uniqueEmail("norole"));
    await auth.password.fill(NEW_PASSWORD);
    await auth.createAccountButton.click();

    await expect(toast(page, "Please select a role")).toBeVisible();
    await expect(toast(page, "You must choose your role before creating an account.")).toBeVisible();
    await expect(page.getByRole("radiogroup")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    expect(registrations).toBe(0);
  });

  test("missing names, e-mail and password are marked on their fields", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth?tab=register");
    await auth.guestRole.click();
    await auth.email.fill("not-an-email");
    await auth.password.fill("short");
    await auth.createAccountButton.click();

    await expect(auth.firstName).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(auth.lastName).toHaveAttribute("aria-invalid", "true");
    await expect(auth.email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(auth.password).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(auth.firstName).toBeFocused();
  });

  test("the password can be shown and hidden again", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth?tab=register");
    await auth.password.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(auth.password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(auth.password).toHaveAttribute("type", "password");
  });
});
