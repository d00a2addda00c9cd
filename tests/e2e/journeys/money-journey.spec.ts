import type { Page } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { formatPence } from "../../../common/domain/money-documents";
import { formatDate } from "../../../common/utils/dates";
import { enrolTwoFactorThroughApi, registerVerifiedGuest, signInNewLandlord, toast } from "../support/accounts";
import { bookStay } from "../support/bookings";
import { createListingThroughApi, formatPounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * The money journey of a new landlord, end to end in the browser: payouts set up, tax details given, a guest's request
 * accepted, the stay's share held until the day after check-in and then sent, and the landlord's statement, tax year
 * and Payout Settings all showing it. The browser tests run in demo mode (no Stripe keys), so payouts are a demo
 * account and the transfer is demo money, labelled so on every page; Stripe's hosted onboarding and real transfers are
 * covered against the local Stripe server by the integration tests.
 *
 * Two things no browser can do quickly come from the test's database access: the stay is moved to have begun
 * yesterday, and the payout job's work for this stay is done now rather than on its next run (the job's own code).
 */

/** Payout Settings' list of transfers sent, and the one of shares still to come. */
function transferLists(page: Page) {
  return {
    upcoming: page.getByRole("region", { name: "Coming up" }),
    sent: page.getByRole("region", { name: "Sent to your Stripe balance" }),
  };
}

test("a new landlord is paid for a stay: payouts, tax details, a booking, the transfer and the statement", async ({
  page,
  request,
  guestRequest,
  axe,
  database,
}) => {
  // Seven pages, four of them checked with axe, on a machine the browser shares with the server and PostgreSQL.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const landlord = await signInNewLandlord(page.request, request, "money-journey");

  // Payouts: two-factor sign-in first, then the demo account is ready at once.
  await enrolTwoFactorThroughApi(page.request);
  await page.goto("/account/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Payout Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Set up payouts" }).click();
  await expect(page.getByText("Payouts are set up")).toBeVisible();
  await expect(page.getByText("Demo mode: no real money moves")).toBeVisible();

  // Tax details, as HMRC's yearly report of sellers needs them before the first payout.
  await page.goto("/account/tax-details");
  await expect(page.getByRole("heading", { level: 1, name: "Tax details" })).toBeVisible();
  await page.getByLabel("Full legal name").fill(`${landlord.firstName} ${landlord.lastName}`);
  await page.getByLabel("Date of birth").fill("1980-06-15");
  await page.getByLabel("Address line 1").fill("7 Journey Road");
  await page.getByLabel("Town or city").fill("London");
  await page.getByLabel("Postcode").fill("N1 9ZZ");
  await page.getByLabel("National Insurance number").fill("AB 12 34 56 C");
  await page.getByRole("button", { name: "Save tax details" }).click();
  await expect(toast(page, "Tax details saved")).toBeVisible();
  await expect(page.getByText(/^Complete\. Last changed/)).toBeVisible();
  await axe.expectNoViolations({ label: "/account/tax-details (money journey)" });

  // A listing, and a guest's two-night request for it a month ahead.
  const title = `Money journey flat ${landlord.lastName}`;
  const listing = await createListingThroughApi(page.request, {
    title,
    description: "A flat whose first stay is followed from the guest's request to the landlord's statement.",
  });
  const guest = await registerVerifiedGuest(guestRequest, "money-journey-guest", { phone: true });
  const checkIn = addDays(londonToday(), 30);
  const booking = await bookStay(guestRequest, guest, {
    propertyId: listing.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
  });
  expect(booking.status).toBe("pending");

  // The landlord accepts it on All Bookings.
  await page.goto("/landlord/bookings");
  await page.getByRole("button", { name: /^Needs Approval \d+$/ }).click();
  const card = page.getByRole("article").filter({ hasText: booking.reference });
  await card.getByRole("button", { name: /^Accept/ }).click();
  await expect(toast(page, "Booking accepted")).toBeVisible();

  // The landlord's share is what the guest pays less the guest's service fee (no manager runs this listing).
  const seen = await guestRequest.get(`/api/bookings/${booking.id}`);
  expect(seen.ok(), await seen.text()).toBe(true);
  const stay = (await seen.json()) as { status: string; totalPrice: string; serviceFee: string };
  expect(stay.status).toBe("confirmed");
  const sharePence = Math.round(Number(stay.totalPrice) * 100) - Math.round(Number(stay.serviceFee) * 100);
  expect(sharePence).toBeGreaterThan(0);
  // Statements print pence always; Payout Settings prints whole pounds without them.
  const share = formatPence(sharePence);
  const shareInPounds = formatPounds(sharePence / 100);

  // Before check-in the share waits, with the day it goes; nothing has been sent.
  await page.goto("/account/payouts");
  const lists = transferLists(page);
  const waiting = lists.upcoming.getByRole("listitem").filter({ hasText: `Stay ${booking.reference}` });
  await expect(waiting).toContainText(shareInPounds);
  await expect(waiting).toContainText(`To be sent on ${formatDate(addDays(checkIn, 1))}`);
  await expect(lists.sent.getByText("Nothing has been sent yet.")).toBeVisible();

  // The guest arrived yesterday: the share is due, and the payout job's run sends it.
  await database.stayBeganYesterday(booking.id);
  const outcome = await database.releasePayoutsOf(booking.id);
  expect(outcome.failed, "payout transfers that failed").toBe(0);

  await page.reload();
  const sent = lists.sent.getByRole("listitem").filter({ hasText: `Stay ${booking.reference}` });
  await expect(sent).toContainText(shareInPounds);
  await expect(sent.getByText("Demo", { exact: true })).toBeVisible();
  await expect(lists.upcoming.getByText(`Stay ${booking.reference}`)).toHaveCount(0);
  await axe.expectNoViolations({ label: "/account/payouts with a transfer sent" });

  // The statement: the stay's earnings in, the transfer out, both demo money, and nothing left held.
  await page.goto("/account/statements");
  await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
  const lines = page.getByRole("table", { name: /^Statement lines for / });
  const rows = lines.getByRole("row").filter({ hasText: booking.reference });
  await expect(rows).toHaveCount(2);
  const earned = rows.filter({ hasText: "Stay earnings" });
  await expect(earned).toContainText(share);
  await expect(earned.getByText("Demo", { exact: true })).toBeVisible();
  const transferred = rows.filter({ hasText: "Transfer to your Stripe account" });
  await expect(transferred).toContainText(`-${share}`);
  await expect(transferred.getByText("Demo", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Closing balance" })).toContainText("£0.00");
  await expect(page.getByText(/^Demo money: .* is not real$/)).toBeVisible();
  await axe.expectNoViolations({ label: "/account/statements (money journey)" });

  // The tax year: the listing's income, and the transfer received.
  await page.goto("/account/tax-reports");
  await expect(page.getByRole("heading", { level: 1, name: "Tax Reports" })).toBeVisible();
  const year = await page.getByLabel("Tax year", { exact: true }).inputValue();
  const byProperty = page.getByRole("table", { name: `Tax year ${year} by property` });
  await expect(byProperty.getByRole("row").filter({ hasText: title })).toContainText(share);
  await expect(page.getByRole("listitem").filter({ hasText: "Transfers received" })).toContainText(share);
  await axe.expectNoViolations({ label: "/account/tax-reports (money journey)" });
});
