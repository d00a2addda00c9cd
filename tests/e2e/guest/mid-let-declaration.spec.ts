import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import type { TGuestBooking } from "../../../common/schemas/bookings";
import { registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { CALENDAR_LANDLORD, fieldDate } from "../support/calendar";
import { createListingThroughApi } from "../support/properties";
import { expect, expectScreenAccessible, test } from "../support/test";

/**
 * A stay of 28 nights to 6 months that is not a tenancy is a mid let: in the wizard's Guest Information step the
 * guest says why they stay and where their main home is, and the landlord reads it on the booking's card. A stay that
 * is to be the guest's main home is a tenancy in law, so the wizard refuses it as a mid let in the server's words and,
 * where the listing lets homes, offers the tenancy instead.
 */

/** Five weeks, a month ahead: a mid let at any listing, whose nights are all free at a new one. */
const CHECK_IN = addDays(londonToday(), 30);
const CHECK_OUT = addDays(CHECK_IN, 35);
const MAIN_HOME = "12 Harbour Street, Whitstable CT5 1AH";
const PURPOSE_OTHER = "Caring for my father after his operation";

/** A new listing of priya@ (who owns no listing other tests count), with every mode unless `fields` say not. */
async function midLetListing(request: APIRequestContext, fields: Record<string, unknown> = {}) {
  await signInThroughApi(request, CALENDAR_LANDLORD);
  return createListingThroughApi<{ id: number; title: string }>(request, {
    title: `Mid let flat ${randomUUID().slice(0, 6)}`,
    description: "A bright one-bedroom flat made by the mid let browser tests, let by the night or as a home.",
    ...fields,
  });
}

/** The wizard at its Guest Information step for the five weeks, as a new verified guest (signed in on the page). */
async function toGuestInformation(page: Page, listingId: number) {
  await registerVerifiedGuest(page.request, "mid-let-guest", { phone: true });
  await page.goto(`/booking/${listingId}?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}`);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();
  return page.getByRole("group", { name: "About your stay" });
}

/** What the server answers a quote for the five weeks as the guest's main home: its refusal, in its words. */
async function serverRefusal(request: APIRequestContext, listingId: number): Promise<string> {
  const quote = await request.get(
    `/api/properties/${listingId}/quote?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&guests=1&mainHome=true`,
  );
  expect(quote.status(), await quote.text()).toBe(422);
  return ((await quote.json()) as { message: string }).message;
}

test("a guest declares why they stay and where they live for a five-week mid let, and the landlord reads it on the booking", async ({
  page,
  request,
  axe,
}, testInfo) => {
  test.slow();
  const listing = await midLetListing(request);
  const about = await toGuestInformation(page, listing.id);
  await expect(about.getByText(/A stay of 28 nights to 6 months is a mid let/)).toBeVisible();

  // Nothing declared: the shared schema says what is missing before anything is sent, and the guest is taken to it.
  const toPayment = page.getByRole("button", { name: "Continue to Payment" });
  await toPayment.click();
  await expect(about.getByText("Choose the purpose of your stay: holiday, work, study or other")).toBeVisible();
  await expect(about.getByText("Enter the full address of your main home, with its postcode")).toBeVisible();
  await expect(about.getByLabel(/^Purpose of your stay/)).toBeFocused();
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();

  // Each message goes once its field is put right.
  await about.getByLabel(/^Purpose of your stay/).selectOption("other");
  await expect(about.getByText("Choose the purpose of your stay: holiday, work, study or other")).toHaveCount(0);
  await about.getByLabel(/^What brings you here/).fill(PURPOSE_OTHER);
  await about.getByLabel(/^Your main home address/).fill(MAIN_HOME);
  await expect(about.getByText("Enter the full address of your main home, with its postcode")).toHaveCount(0);
  await expect(about.getByRole("textbox", { name: /^Your main home address/ })).not.toHaveAttribute("aria-invalid");
  await expectScreenAccessible(page, axe, testInfo, "wizard mid let declaration");

  await toPayment.click();
  await expect(page.getByRole("heading", { level: 2, name: "Payment", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue without Payment (Demo)" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Confirmation", exact: true })).toBeVisible();
  const mine = (await (await page.request.get("/api/bookings/my-bookings")).json()) as TGuestBooking[];
  expect(mine).toHaveLength(1);
  const reference = mine[0]?.reference;

  // The landlord sees what the guest declared on the request's card.
  await signInThroughApi(page.request, CALENDAR_LANDLORD);
  await page.goto("/landlord/bookings");
  const card = page.locator(`article[data-booking-reference="${reference}"]`);
  const declaration = card.getByRole("region", { name: "The guest's declaration for this mid let" });
  await expect(declaration).toBeVisible();
  const fact = (term: string) =>
    declaration.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(fact("Purpose of stay")).toHaveText(`Other: ${PURPOSE_OTHER}`);
  await expect(fact("Main home")).toHaveText(MAIN_HOME);
  await expectScreenAccessible(page, axe, testInfo, "landlord's mid let booking card", card);
});

test("a guest who declares the mid let as their main home is refused in the server's words and offered the tenancy instead", async ({
  page,
  request,
  axe,
}, testInfo) => {
  const listing = await midLetListing(request);
  const about = await toGuestInformation(page, listing.id);
  await about.getByLabel(/^Purpose of your stay/).selectOption("work");
  await about.getByLabel(/^Your main home address/).fill(MAIN_HOME);
  await about.getByRole("checkbox", { name: "This home will be my only or main home while I stay" }).check();

  const refusal = about.getByRole("alert").filter({ hasText: "Not a mid let" });
  const words = await serverRefusal(request, listing.id);
  await expect(refusal).toContainText(words);
  await expectScreenAccessible(page, axe, testInfo, "wizard mid let as a main home");
  // Declared as a main home, it is not sent as a mid let: the guest is told why again, stays on the step, and nothing
  // is booked.
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(toast(page, "Not a mid let")).toBeVisible();
  await expect(toast(page, words)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();
  const mine = (await (await page.request.get("/api/bookings/my-bookings")).json()) as TGuestBooking[];
  expect(mine).toEqual([]);

  // This listing lets homes: the guest is taken back to the stay, now a tenancy from the same day.
  await refusal.getByRole("button", { name: "Book it as a tenancy" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Stay Details", exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Move-in date/)).toHaveValue(fieldDate(CHECK_IN));
  await expect(page.getByLabel(/^Check-out/)).toHaveCount(0);
});

test("a guest who declares the mid let as their main home at a listing without tenancies is told it offers none", async ({
  page,
  request,
}) => {
  const listing = await midLetListing(request, { tenancyOffered: false });
  const about = await toGuestInformation(page, listing.id);
  await about.getByRole("checkbox", { name: "This home will be my only or main home while I stay" }).check();
  const refusal = about.getByRole("alert").filter({ hasText: "Not a mid let" });
  const words = await serverRefusal(request, listing.id);
  expect(words).toMatch(/this property doesn't offer tenancies/);
  await expect(refusal).toContainText(words);
  await expect(refusal.getByRole("button", { name: "Book it as a tenancy" })).toHaveCount(0);
});
