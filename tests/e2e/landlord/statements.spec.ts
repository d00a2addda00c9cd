import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * The demo landlord's money documents: Statements shows a month's lines (the seed's stays are demo money, labelled so)
 * with PDF and CSV downloads, and Tax Reports shows the tax year with its not-tax-advice note. Both pages pass axe at
 * desktop and phone widths.
 */
test.describe("statements and tax reports", () => {
  test("the demo landlord reads a month's statement, downloads it, and sees the tax year", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/landlord/revenue");
    await page.getByRole("link", { name: "Statements", exact: true }).click();

    await expect(page).toHaveURL(/\/account\/statements$/);
    await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
    const table = page.getByRole("table", { name: /^Statement lines for / });
    await expect(table).toBeVisible();
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await expect(table.getByText("Demo", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^Demo money: .* is not real$/)).toBeVisible();

    const month = await page.getByLabel("Month").inputValue();
    const pdf = await page.request.get(`/api/statements/${month}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await expect(page.getByRole("link", { name: /^PDF statement for / })).toHaveAttribute(
      "href",
      `/api/statements/${month}.pdf`,
    );

    // On a wide screen each fact has its own column, the balance too.
    await expect(table.getByRole("columnheader", { name: "Balance", exact: true })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Date" })).toBeVisible();
    await page.screenshot({ path: "/tmp/statements-desktop.png", fullPage: true });
    await axe.expectNoViolations({ label: "/account/statements" });
    await expectPhoneLayoutAccessible(page, axe, "/account/statements");
    // On a phone the lines fit the screen: no sideways scrolling inside the table either, the balance under the amount.
    const lines = page.getByRole("region", { name: /^Statement lines for / });
    const overflow = await lines.evaluate((region) => region.scrollWidth - region.clientWidth);
    expect(overflow, "the statement's lines scroll sideways on a 390px screen").toBeLessThanOrEqual(0);
    await expect(table.getByRole("columnheader", { name: "Amount and balance" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Balance", exact: true })).toBeHidden();
    await expect(
      table
        .getByRole("row")
        .nth(1)
        .getByText(/^Balance -?£[\d,]+\.\d\d$/),
    ).toBeVisible();
    await page.screenshot({ path: "/tmp/statements-phone.png", fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/landlord/revenue");
    await page.getByRole("link", { name: "Tax Reports" }).click();
    await expect(page).toHaveURL(/\/account\/tax-reports$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tax Reports" })).toBeVisible();
    await expect(page.getByText("A summary to help with your Self Assessment, not tax advice")).toBeVisible();
    const year = await page.getByLabel("Tax year", { exact: true }).inputValue();
    expect(year).toMatch(/^\d{4}-\d{2}$/);
    await expect(page.getByRole("heading", { name: `Tax year ${year}` })).toBeVisible();
    await expect(page.getByRole("table", { name: `Tax year ${year} by property` })).toBeVisible();
    expect((await page.request.get(`/api/tax-reports/${year}.pdf`)).status()).toBe(200);

    await page.screenshot({ path: "/tmp/tax-reports-desktop.png", fullPage: true });
    await axe.expectNoViolations({ label: "/account/tax-reports" });
    const taxTable = page.getByRole("table", { name: `Tax year ${year} by property` });
    await expect(taxTable.getByRole("columnheader", { name: "Job costs" })).toBeVisible();
    await expectPhoneLayoutAccessible(page, axe, "/account/tax-reports");
    // On a phone each property's figures are listed under its name beside its net: nothing scrolls sideways.
    const byProperty = page.getByRole("region", { name: `Tax year ${year} by property` });
    const taxOverflow = await byProperty.evaluate((region) => region.scrollWidth - region.clientWidth);
    expect(taxOverflow, "the tax year's table scrolls sideways on a 390px screen").toBeLessThanOrEqual(0);
    await expect(taxTable.getByRole("columnheader", { name: "Job costs" })).toBeHidden();
    const firstProperty = taxTable.getByRole("row").nth(1);
    await expect(firstProperty.getByRole("definition").first()).toBeVisible();
    await expect(firstProperty.getByRole("term")).toHaveText(["Stay income", "Refunds", "Manager's fees", "Job costs"]);
    await page.screenshot({ path: "/tmp/tax-reports-phone.png", fullPage: true });
  });

  test("the demo guest downloads a stay's receipt from My Bookings", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/bookings");
    const receipt = page.getByRole("link", { name: /^Receipt for / }).first();
    await expect(receipt).toBeVisible();
    // Not VAT-registered in the test set-up: no VAT invoice is offered.
    await expect(page.getByRole("link", { name: /^VAT invoice for / })).toHaveCount(0);
    const href = await receipt.getAttribute("href");
    expect(href).toMatch(/^\/api\/bookings\/\d+\/receipt\.pdf$/);
    const pdf = await page.request.get(href ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await page.screenshot({ path: "/tmp/my-bookings-receipt.png" });
    await axe.expectNoViolations({ label: "/bookings with receipts" });
  });
});
