import { expect, test } from "../support/test";

/**
 * The footer's legal links lead to real pages written for this product, which name the company, the outside services
 * and the periods this deployment is configured with (playwright.config.ts sets the company), and pass axe.
 */
test.describe("legal pages", () => {
  test("the footer leads to the privacy notice, the terms and the cookies page, each naming the company", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText(/^© \d{4} StayLondon Test Ltd\. Registered in England and Wales, company number 01234567\./),
    ).toBeVisible();
    await expect(footer.getByText(/UK Modern Slavery Act/)).toHaveCount(0);

    await footer.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
    const whoSees = page.getByRole("region", { name: "Who sees it" });
    // The browser-test server signs in with a local "Google" and draws maps: those two, and no payment provider.
    await expect(whoSees.getByText("Google", { exact: true })).toBeVisible();
    await expect(whoSees.getByText(/^Map images \(/)).toBeVisible();
    await expect(whoSees.getByText("Stripe", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "help@staylondon-e2e.test" }).first()).toHaveAttribute(
      "href",
      "mailto:help@staylondon-e2e.test",
    );

    await page.getByRole("contentinfo").getByRole("link", { name: "Company details" }).click();
    await expect(page).toHaveURL(/\/terms#company-details$/);
    const details = page.getByRole("region", { name: "Company details" });
    await expect(details).toContainText("Registered office: 1 Test Street, London EC1A 1AA.");

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookies" }).click();
    const table = page.getByRole("table", { name: "Cookies and browser storage set by StayLondon" });
    await expect(table.getByRole("rowheader")).toHaveCount(4);
    await expect(table.getByRole("rowheader").first()).toContainText("sl_session");
  });

  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`each legal page passes axe on a ${label}, and none overflows`, async ({ page, axe }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/privacy", "/terms", "/cookies"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await axe.expectNoViolations({ label: `${path} ${label}` });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});
