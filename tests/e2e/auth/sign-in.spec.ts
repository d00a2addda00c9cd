import { authScreen, DEMO_ACCOUNTS, signInThroughForm, toast, uniqueEmail } from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("signing in on /auth", () => {
  test("/auth opens Sign In, with an e-mail field and a password that are both required", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth");
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveAttribute("type", "email");
    await expect(auth.email).toHaveAttribute("required", "");
    await expect(auth.password).toHaveAttribute("type", "password");
    await expect(auth.password).toHaveAttribute("required", "");

    await auth.signInButton.click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(auth.email).toBeFocused();
  });

  test("the tabs switch with the keyboard", async ({ page }) => {
    const auth = authScreen(page);
    await page.goto("/auth");
    await auth.signInTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await page.keyboard.press("ArrowLeft");
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a guest signs in, is welcomed back and reaches their dashboard; there is no Dashboard link for guests", async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_ACCOUNTS.guest);
    await expect(toast(page, "Welcome back!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Guest/Tenant Account")).toBeVisible();

    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Emma" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await banner.getByRole("button", { name: "Emma" }).click();
    await expect(page.getByRole("menuitem")).toHaveText(["Logout"]);
  });

  test("a landlord sees the Dashboard link in the navigation and in the avatar menu, with their money pages", async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_ACCOUNTS.landlord);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Landlord/Owner", { exact: true })).toBeVisible();

    const banner = page.getByRole("banner");
    await expect(
      banner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
    ).toHaveAttribute("href", "/dashboard");
    await banner.getByRole("button", { name: "James" }).click();
    await expect(page.getByRole("menuitem")).toHaveText([
      "Dashboard",
      "Payout Settings",
      "Tax details",
      "Statements",
      "Logout",
    ]);
  });

  test("Logout in the avatar menu signs out and returns home", async ({ page }) => {
    await signInThroughForm(page, DEMO_ACCOUNTS.contractor);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("banner").getByRole("button", { name: "Ryan" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Find Your Perfect London Stay" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    const session = await page.request.get("/api/auth/user");
    expect(session.status()).toBe(401);
  });

  test("a landlord awaiting approval is shown the under-review notice", async ({ page }) => {
    const auth = authScreen(page);
    await signInThroughForm(page, DEMO_ACCOUNTS.pendingLandlord);
    await expect(page.getByRole("heading", { level: 1, name: "Application under review" })).toBeVisible();
    await expect(page.getByText(/within 24-48 hours/)).toBeVisible();
    await auth.backToLogin.click();
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.email).toHaveValue(DEMO_ACCOUNTS.pendingLandlord);
  });

  test("an unknown e-mail is told so, and after 2 seconds the registration tab opens with the e-mail filled in", async ({
    page,
  }) => {
    const auth = authScreen(page);
    const email = uniqueEmail("unknown");
    await signInThroughForm(page, email, "Whatever-it-was-1");

    await expect(toast(page, "Sign in failed")).toBeVisible();
    await expect(toast(page, /No account exists with this email/)).toBeVisible();
    const shownAt = Date.now();
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.registerTab).toHaveAttribute("aria-selected", "true", { timeout: 6000 });
    expect(Date.now() - shownAt, "the switch waits about 2 s").toBeGreaterThan(1200);
    await expect(auth.email).toHaveValue(email);
    await expect(auth.password).toBeVisible();
  });

  test("a wrong password is refused with the server's explanation and the visitor stays on Sign In", async ({
    page,
  }) => {
    const auth = authScreen(page);
    await signInThroughForm(page, DEMO_ACCOUNTS.manager, "Not-the-right-one-9");
    await expect(toast(page, "Sign in failed")).toBeVisible();
    await expect(toast(page, /Incorrect email or password/)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");
  });
});
