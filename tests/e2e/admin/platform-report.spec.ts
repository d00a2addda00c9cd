import { readFile } from "node:fs/promises";
import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * HMRC Report: the demo data is demo money only (no card payments), so the year's report is empty and the page says
 * so plainly rather than showing made-up figures; the browser tests' server has no platform operator settings, so
 * the page names them, and Download XML explains why it cannot make the file.
 */
const YEAR = new Date().getFullYear();

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`HMRC Report says there is no real money to report, and why the file waits (${name})`, async ({
    page,
    axe,
    database,
  }) => {
    await page.setViewportSize(viewport);
    const kept = await database.keptPlatformReport(DEMO_ACCOUNTS.admin, YEAR);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/dashboard");
    await page
      .getByRole("region", { name: "Administration Tools" })
      .getByRole("link", { name: /^HMRC Report/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/platform-report$/);
    await expect(page.getByRole("heading", { level: 1, name: "HMRC Report" })).toBeVisible();
    await expect(page.getByLabel("Year")).toHaveValue(String(YEAR));
    await expect(page.getByText(`The ${YEAR} report is due by 31 January ${YEAR + 1}.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "No real money: nothing to report" })).toBeVisible();
    await expect(page.getByText(/was demo money \(confirmed without card payments\), which is never/)).toBeVisible();
    await expect(page.getByText("The XML needs the platform operator's details")).toBeVisible();

    const files = page.getByRole("region", { name: "Files exported" });
    const row = files.getByRole("listitem").filter({ hasText: kept.messageRefId });
    await expect(row).toContainText("0 sellers in the file");
    await expect(row).toContainText("by Eleanor Whitfield");

    await axe.expectNoViolations({ label: `HMRC report (${name})` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/hmrc-report-${viewport.width}.png`, fullPage: true });

    await page.getByRole("button", { name: "Download XML" }).click();
    await expect(page.getByText("The XML could not be made", { exact: true })).toBeVisible();
    await expect(page.getByText(/The HMRC report needs PLATFORM_OPERATOR_ID/).first()).toBeVisible();

    // The kept file comes back exactly as it was made.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: /^Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`staylondon-dpi-${YEAR}-${kept.messageRefId}.xml`);
    expect(await readFile(await download.path(), "utf8")).toBe(kept.xml);

    // A year before any stay: nothing earned, a nil report.
    await page.getByLabel("Year").selectOption("2024");
    await expect(page).toHaveURL(/[?&]year=2024/);
    await expect(page.getByText("The 2024 report is due by 31 January 2025.")).toBeVisible();
    await expect(files.getByText("No file exported yet")).toBeVisible();
    await axe.expectNoViolations({ label: `HMRC report, no file exported (${name})` });
  });
}
