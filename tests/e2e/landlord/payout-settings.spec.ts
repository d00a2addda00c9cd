import { enrolTwoFactorThroughApi, signInNewLandlord } from "../support/accounts";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Payout Settings in demo mode (the test app has no Stripe keys): a new landlord's listing says bookings wait for
 * payouts; Payout Settings asks for two-factor sign-in first, then sets up a demo account that is ready at once and
 * says plainly that no real money moves, and that no bank payouts exist. Checked with axe at desktop and phone widths.
 */
const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

for (const [label, viewport] of VIEWPORTS) {
  test(`a new landlord sets up demo payouts (${label})`, async ({ page, request, axe }, testInfo) => {
    await page.setViewportSize(viewport);
    const landlord = await signInNewLandlord(page.request, request, `payouts-${label}`);
    const listing = await createListingThroughApi(page.request, {
      title: `Payouts flat ${label}`,
      description: "A flat whose landlord has not set up payouts yet, for the payout settings test.",
    });

    await page.goto(`/properties/${listing.id}/manage`);
    const notice = page.getByText(
      "Guests can send requests, but bookings are confirmed only once your payouts are set up.",
    );
    await expect(notice).toBeVisible();
    await page.getByRole("link", { name: "Go to Payout Settings" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Payout Settings" })).toBeVisible();
    await expect(page.getByText("Payouts are not set up yet")).toBeVisible();
    await expect(page.getByText("Turn on two-factor sign-in first")).toBeVisible();
    await expect(page.getByRole("link", { name: "Set up two-factor sign-in" })).toHaveAttribute(
      "href",
      "/profile#two-factor",
    );
    // A new landlord has nothing coming and nothing sent: the lists say so rather than show figures.
    await expect(
      page.getByText("Nothing is waiting: a stay's share is listed here once it is confirmed."),
    ).toBeVisible();
    await expect(page.getByText("Nothing has been sent yet.")).toBeVisible();
    // Demo mode pays nothing into any bank: the bank payouts say so, with no rows.
    await expect(page.getByRole("heading", { name: "Bank payouts" })).toBeVisible();
    await expect(
      page.getByText("Demo mode: no money is paid into any bank, so there are no bank payouts to show."),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: /Bank payouts/ })).toHaveCount(0);
    await axe.expectNoViolations({ label: `/account/payouts before set-up (${label})` });
    await page.screenshot({ path: testInfo.outputPath(`payout-settings-before-${label}.png`), fullPage: true });

    await enrolTwoFactorThroughApi(page.request);
    await page.reload();
    await page.getByRole("button", { name: "Set up payouts" }).click();
    await expect(page.getByText("Payouts are set up")).toBeVisible();
    await expect(page.getByText("Demo mode: no real money moves")).toBeVisible();
    await expect(page.getByRole("button", { name: /Set up payouts|Continue with Stripe/ })).toHaveCount(0);
    await axe.expectNoViolations({ label: `/account/payouts set up (${label})` });
    await page.screenshot({ path: testInfo.outputPath(`payout-settings-${label}.png`), fullPage: true });

    if (label === "desktop") {
      // The account menu leads here too.
      await page
        .locator("header")
        .getByRole("button", { name: new RegExp(landlord.firstName) })
        .click();
      await expect(page.getByRole("menuitem", { name: "Payout Settings" })).toHaveAttribute("href", "/account/payouts");
      await page.keyboard.press("Escape");
    }

    // The listing no longer warns.
    await page.goto(`/properties/${listing.id}/manage`);
    await expect(page.getByRole("heading", { level: 1, name: `Payouts flat ${label}` })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
}

test("a landlord's bank payouts are listed with their status, amount and arrival date", async ({
  page,
  request,
  axe,
  database,
}, testInfo) => {
  const landlord = await signInNewLandlord(page.request, request, "bank-payouts");
  await database.bankPayoutsFor(landlord.email, [
    { pence: 42_000, arrivalDate: "2026-03-02", status: "paid" },
    { pence: 15_050, arrivalDate: "2026-03-09", status: "failed" },
  ]);
  await page.goto("/account/payouts");
  const table = page.getByRole("table", { name: "Bank payouts, latest first" });
  await expect(table).toBeVisible();
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toHaveText(/9 March 2026.*Failed: back on your Stripe balance.*£150\.50/);
  await expect(rows.nth(2)).toHaveText(/2 March 2026.*Paid.*£420(\.00)?/);
  await expect(page.getByText(/no bank payouts/)).toHaveCount(0);
  await axe.expectNoViolations({ label: "/account/payouts with bank payouts" });
  await page.screenshot({ path: testInfo.outputPath("payout-settings-bank-payouts.png"), fullPage: true });
});
