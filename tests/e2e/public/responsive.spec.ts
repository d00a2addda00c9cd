import { expect, test } from "../support/test";

test.describe("home page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a phone visitor can read the home page without scrolling sideways", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status(), "GET / should answer the web app").toBe(200);
    await expect(page.getByRole("heading", { name: "Find Your Perfect London Stay" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^View Details(?::|$)/ }).first()).toBeVisible();

    const widths = await page.evaluate(() => ({
      scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(widths.innerWidth).toBe(390);
    expect(widths.scrollWidth, `page is ${widths.scrollWidth}px wide on a 390px screen`).toBeLessThanOrEqual(
      widths.innerWidth,
    );
  });

  test("a phone visitor opens the collapsed navigation menu to find Sign In", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status(), "GET / should answer the web app").toBe(200);
    await expect(page.getByRole("heading", { name: "Find Your Perfect London Stay" })).toBeVisible();

    const signIn = page.getByRole("link", { name: "Sign In" });
    await expect(signIn.filter({ visible: true })).toHaveCount(0);

    const menuButton = page.getByRole("button", { name: /menu/i });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const visibleSignIn = signIn.filter({ visible: true });
    await expect(visibleSignIn).toHaveCount(1);
    await expect(visibleSignIn).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Get Started" }).filter({ visible: true })).toHaveCount(1);
  });
});
