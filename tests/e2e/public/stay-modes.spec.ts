import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { addCalendarMonths, addDays, londonToday } from "../../../common/domain/calendar-dates";
import { registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { fieldDate } from "../support/calendar";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * One listing in three modes, seen by a guest: the listing page (drawn on the server) says which stays the property
 * takes and a tenancy's deposits. An English tenancy has been periodic since 1 May 2026, so the price card offers a
 * stay by the night or a home from a move-in day, whose quote is the first month's rent, no service fee, the deposits
 * beside their legal caps and the rules with their sources; the wizard books it without a check-out.
 */

/** An approved landlord with a verified phone (server/db/seed-data/people.ts) who owns no listing other tests count. */
const LANDLORD = "priya.sharma@staylondon.example";

/** A new listing at £50,000 a year, so a deposit of six weeks' rent is allowed; its nights are all free. */
async function createTenancyListing(request: APIRequestContext) {
  await signInThroughApi(request, LANDLORD);
  const title = `Stay modes flat ${randomUUID().slice(0, 6)}`;
  return createListingThroughApi<{ id: number; slug: string; title: string }>(request, {
    title,
    description: "A calm two-bedroom flat made by the stay-modes browser tests, let short or long.",
    address: "8 Test Row, London SE1 2AA",
    city: "Southwark",
    pricePerNight: 180,
    // £50,000.04 a year.
    pricePerMonth: 4166.67,
    depositAmount: 5769.23,
    holdingDepositAmount: 961.53,
    // No minimum or longest term: an English tenancy has been periodic since 1 May 2026, so the listing sets neither.
    bedrooms: 2,
    maxGuests: 4,
    epcRating: "C",
  });
}

/** What an English listing says of its tenancies since 1 May 2026. */
const PERIODIC = "Periodic tenancy: rent monthly, no fixed term. The tenant can leave on two months' notice.";

/** Console errors and warnings (a hydration mismatch is one). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** A Monday about six weeks ahead, and seven calendar months on: a tenancy by length. */
function longStay() {
  let checkIn = addDays(londonToday(), 42);
  while (new Date(`${checkIn}T00:00:00Z`).getUTCDay() !== 1) checkIn = addDays(checkIn, 1);
  return { checkIn, checkOut: addCalendarMonths(checkIn, 7) };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const) {
  test.describe(`stay modes on the listing (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`a stay longer than 6 months is offered as a home from its move-in day, quoted with its deposits and rules in plain words (${viewport.name})`, async ({
      page,
      request,
      axe,
    }, testInfo) => {
      const listing = await createTenancyListing(request);
      const { checkIn, checkOut } = longStay();
      const problems = watchConsole(page);

      // The server draws the modes with the page, before any script has run.
      const html = await (await page.request.get(`/property/${listing.slug}`)).text();
      expect(html).toContain("Ways to stay");
      expect(html).toContain(PERIODIC.replace("'", "&#x27;"));
      expect(html).not.toContain("Minimum tenancy");

      await page.goto(`/property/${listing.slug}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
      const modes = page.getByRole("region", { name: "Ways to stay" });
      await expect(modes.getByText("1 to 27 nights")).toBeVisible();
      await expect(modes.getByText("28 nights to 6 months")).toBeVisible();
      // An English tenancy is periodic: its terms, never a number of months.
      await expect(modes.getByRole("listitem").filter({ hasText: "Tenancy" }).getByText(PERIODIC)).toBeVisible();
      const details = page.getByRole("region", { name: "Property details" });
      await expect(details.getByRole("definition").filter({ hasText: PERIODIC })).toBeVisible();
      await expect(page.getByText(/Minimum tenancy|\d+ to \d+ months|\d+ months? or longer/)).toHaveCount(0);
      await expect(modes.getByText("£961.53", { exact: true })).toBeVisible();
      await expect(modes.getByText("£5,769.23", { exact: true })).toBeVisible();

      const card = page.getByRole("region", { name: "Price and booking" });
      // Seven months is no stay by the night here: the card offers the tenancy, which has no check-out.
      await expect(card.getByText(/Stays here are up to 6 months/)).toBeVisible();
      await expect(card.getByRole("button", { name: "Book Now" })).toBeDisabled();
      await card.getByRole("button", { name: /^Rent as a home from / }).click();
      await expect(card.getByRole("button", { name: "Rent as a home", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(card.getByLabel(/^Move-in date/)).toHaveValue(fieldDate(checkIn));
      await expect(card.getByLabel(/^Check-out/)).toHaveCount(0);
      await expect(page).toHaveURL(/asTenancy=true/);
      await expect(card.getByText("Periodic tenancy.", { exact: true }).first()).toBeVisible();
      // Periodic: the first month's rent is all that is asked before the tenancy is agreed.
      await expect(card.getByRole("term").filter({ hasText: "First month's rent" })).toBeVisible();
      await expect(card.getByRole("term").filter({ hasText: "Due when agreed" })).toBeVisible();
      await expect(card.getByText("None on a tenancy")).toBeVisible();
      await expect(card.getByText("£4,166.67").first()).toBeVisible();
      await expect(card.getByText(/6 weeks' rent \(£5,769\.23\) as a deposit/)).toBeVisible();
      await card.getByText("The rules for this stay").click();
      await expect(card.getByText("Source: Housing Act 2004, sections 213 to 215")).toBeVisible();
      await expect(card.getByText(/not legal advice/)).toBeVisible();
      const book = card.getByRole("link", { name: "Book Now" });
      await expect(book).toHaveAttribute("href", `/booking/${listing.id}?checkIn=${checkIn}&asTenancy=true&adults=2`);

      // Hydrated without a warning (checked before axe, whose injection the page's CSP reports).
      expect(problems).toEqual([]);
      await axe.expectNoViolations({ label: `listing with a tenancy quote (${viewport.name})` });

      const shot = testInfo.outputPath(`tenancy-quote-${viewport.name}.png`);
      // The sticky header would sit over the card in a picture of it alone.
      await card.screenshot({ path: shot, style: "header.sticky { visibility: hidden }" });
      await testInfo.attach(`tenancy quote (${viewport.name})`, { path: shot, contentType: "image/png" });
    });
  });
}

test("a guest switches a two-month stay to a home from the same day and back, and books the tenancy in the wizard without a check-out", async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const listing = await createTenancyListing(request);
  // Signed in before the page loads, as the page reads who is signed in once.
  await registerVerifiedGuest(page.request, "tenant", { phone: true });
  const { checkIn } = longStay();
  const checkOut = addCalendarMonths(checkIn, 2);
  await page.goto(`/property/${listing.slug}?checkIn=${checkIn}&checkOut=${checkOut}`);
  const card = page.getByRole("region", { name: "Price and booking" });
  await expect(card.getByText("Mid let.", { exact: true })).toBeVisible();
  // Past the 28th night, a serviced stay carries the VAT guidance.
  await card.getByText("The rules for this stay").click();
  await expect(card.getByText(/HMRC VAT Notice 709\/3/)).toBeVisible();
  // Where tenancies are periodic, there is no tick box: the guest chooses how they will live there.
  await expect(card.getByRole("checkbox", { name: /Rent it as a tenancy/ })).toHaveCount(0);

  // As a home, two months is no term at all: an English tenancy has no minimum term since 1 May 2026.
  await card.getByRole("button", { name: "Rent as a home", exact: true }).click();
  await expect(card.getByText("Periodic tenancy.", { exact: true }).first()).toBeVisible();
  await expect(card.getByText(/Tenancies here are at least/)).toHaveCount(0);
  await expect(page).toHaveURL(/asTenancy=true/);
  await card.getByRole("button", { name: "Stay by the night", exact: true }).click();
  await expect(card.getByText("Mid let.", { exact: true })).toBeVisible();
  await expect(card.getByLabel(/^Check-out/)).toHaveValue(fieldDate(checkOut));
  await expect(card.getByRole("link", { name: "Book Now" })).not.toHaveAttribute("href", /asTenancy/);

  // Booked as a home: the wizard asks the move-in day alone and the confirmation says the tenancy runs until notice.
  await card.getByRole("button", { name: "Rent as a home", exact: true }).click();
  await card.getByRole("link", { name: "Book Now" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Stay Details", exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Move-in date/)).toHaveValue(fieldDate(checkIn));
  await expect(page.getByLabel(/^Check-out/)).toHaveCount(0);
  const summary = page.getByRole("complementary", { name: "Booking summary" });
  await expect(summary.getByText("On notice", { exact: true })).toBeVisible();
  await expect(summary.getByRole("term").filter({ hasText: "Due when agreed" })).toBeVisible();
  await axe.expectNoViolations({ label: "wizard step 1, a tenancy from its move-in day" });
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();
  // Nothing is paid before the landlord agrees a tenancy: no payment step, straight to the request sent.
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Confirmation", exact: true })).toBeVisible();
  await expect(main.getByText("Booking request sent")).toBeVisible();
  await expect(main.getByText("Awaiting Landlord")).toBeVisible();
  await expect(main.getByText(/Nothing is paid before they do/)).toBeVisible();
  await expect(main.getByText("On two months' notice from you")).toBeVisible();
  await expect(main.getByRole("term").filter({ hasText: "Move-in" })).toBeVisible();
  await expect(main.getByRole("term").filter({ hasText: /^Nights$/ })).toHaveCount(0);
  await axe.expectNoViolations({ label: "wizard confirmation of a tenancy" });
});
