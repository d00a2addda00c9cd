import { authScreen, DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("accounts pages meet WCAG 2.2 A/AA", () => {
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  test("/auth, Sign In and Create Account", async ({ page, axe }) => {
    const auth = authScreen(page);
    await page.goto("/auth");
    await expect(auth.email).toBeVisible();
    await axe.expectNoViolations({ label: "/auth sign in" });

    await auth.registerTab.click();
    await expect(auth.guestRole).toBeVisible();
    await auth.createAccountButton.click();
    await expect(auth.firstName).toHaveAttribute("aria-invalid", "true");
    await axe.expectNoViolations({ label: "/auth register with errors" });
  });

  test("/auth in OAuth mode and a notice", async ({ page, axe }) => {
    await page.goto("/auth?error=account_not_found&email=x@y.z&provider=google");
    await expect(authScreen(page).email).toHaveValue("x@y.z");
    await axe.expectNoViolations({ label: "/auth oauth registration" });

    await page.goto("/auth");
    await authScreen(page).email.fill(DEMO_ACCOUNTS.pendingLandlord);
    await authScreen(page).password.fill("StayLondon-demo-2026");
    await authScreen(page).signInButton.click();
    await expect(page.getByRole("heading", { name: "Application under review" })).toBeVisible();
    await axe.expectNoViolations({ label: "/auth under-review notice" });
  });

  test("/dashboard and /profile of a guest, and the signed-in navigation menu", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.unverifiedGuest);
    await page.goto("/dashboard");
    await expect(page.getByText("Guest/Tenant Account")).toBeVisible();
    await axe.expectNoViolations({ label: "/dashboard guest" });

    await page.getByRole("banner").getByRole("button", { name: "Liam" }).click();
    await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
    await axe.expectNoViolations({ label: "avatar menu open" });
    await page.keyboard.press("Escape");

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Liam Foster" })).toBeVisible();
    await axe.expectNoViolations({ label: "/profile guest" });
  });

  test("/dashboard signed out, and /landlord-pending", async ({ page, axe }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await axe.expectNoViolations({ label: "/dashboard signed out" });
    await page.goto("/landlord-pending");
    await expect(page.getByRole("heading", { name: "Account Under Review" })).toBeVisible();
    await axe.expectNoViolations({ label: "/landlord-pending" });
  });
});

test.describe("accounts pages on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("/auth fits a 390px screen, and the phone menu shows who is signed in", async ({ page }) => {
    await page.goto("/auth?tab=register");
    await expect(authScreen(page).guestRole).toBeVisible();
    const widths = await page.evaluate(() => ({
      scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.innerWidth);

    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Emma Richardson" })).toBeVisible();
    await page.getByRole("button", { name: /menu/i }).click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav.getByText(DEMO_ACCOUNTS.guest)).toBeVisible();
    await expect(mobileNav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });
});
