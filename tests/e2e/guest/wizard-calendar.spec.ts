import type { Page } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { registerVerifiedGuest } from "../support/accounts";
import {
  CALENDAR_VIEWPORTS,
  createCalendarListing,
  calendarDay as day,
  dayButton,
  expectOpenCalendarAccessible,
  fieldDate,
  greyedDays,
  HELD_NIGHTS,
  listingWithHeldNights,
  openCalendarAt,
  tabTo,
} from "../support/calendar";
import { expect, test } from "../support/test";

/**
 * The listing's calendar in the booking wizard's first step, for a guest whose browser speaks American English: the
 * same taken, blocked and imported nights greyed as on the listing, the same refusals, British dates in every stay
 * field, and a whole booking made from the listing page to the confirmation with the keyboard alone.
 */

test.use({ locale: "en-US", timezoneId: "Europe/London" });

const wizardCalendarButton = (page: Page) =>
  page.getByRole("main").getByRole("button", { name: "Choose dates", exact: true });

test("the wizard's calendar greys exactly the held nights, refuses a stay across one or under the minimum, and fills the step's dates", async ({
  page,
  request,
  database,
}) => {
  test.setTimeout(90_000);
  const listing = await listingWithHeldNights(request, database);
  await registerVerifiedGuest(page.request, "wizard-calendar", { phone: true });
  await page.goto(`/booking/${listing.id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Stay Details", exact: true })).toBeVisible();
  const dialog = await openCalendarAt(page, wizardCalendarButton(page));
  expect(await greyedDays(dialog)).toEqual(HELD_NIGHTS);

  await dayButton(dialog, day(1)).click();
  await dayButton(dialog, day(7)).click();
  await expect(dialog.getByText(/Your stay can't include the night of .* \(already booked\)/)).toBeVisible();
  // A minimum stay of 3 nights: 2 are refused, and the step keeps no check-out.
  await dayButton(dialog, day(5)).click();
  await dayButton(dialog, day(7)).click();
  await expect(dialog.getByText("2 nights can't be booked here. Short lets here are at least 3 nights.")).toBeVisible();
  await expect(page.getByLabel(/^Check-out/)).toHaveValue("");
  await dayButton(dialog, day(5)).click();
  await dayButton(dialog, day(8)).click();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(wizardCalendarButton(page)).toBeFocused();
  await expect(page.getByLabel(/^Check-in/)).toHaveValue(fieldDate(day(5)));
  await expect(page.getByLabel(/^Check-out/)).toHaveValue(fieldDate(day(8)));
  // The server prices the nights the calendar chose.
  await expect(page.getByRole("complementary", { name: "Booking summary" })).toContainText("3 nights");
});

test("stay dates read British in an American browser: the search, the price card and the wizard, typed or chosen", async ({
  page,
  request,
}) => {
  const listing = await createCalendarListing(request);
  const checkIn = addDays(londonToday(), 40);
  const checkOut = addDays(checkIn, 3);
  // Not what the browser's own date field would write here (mm/dd/yyyy).
  const american = (date: string) => `${date.slice(5, 7)}/${date.slice(8)}/${date.slice(0, 4)}`;

  await page.goto(`/properties?checkIn=${checkIn}&checkOut=${checkOut}`);
  const search = page.getByRole("group", { name: "Your stay" });
  await expect(search.getByLabel(/^Check-in/)).toHaveValue(fieldDate(checkIn));
  await expect(search.getByLabel(/^Check-out/)).toHaveValue(fieldDate(checkOut));

  await page.goto(`/property/${listing.slug}?checkIn=${checkIn}&checkOut=${checkOut}`);
  const card = page.getByRole("main").getByRole("region", { name: "Price and booking" });
  await expect(card.getByLabel(/^Check-in/)).toHaveValue(fieldDate(checkIn));
  await expect(card.getByLabel(/^Check-out/)).not.toHaveValue(american(checkOut));
  await expect(card.getByLabel(/^Check-out/)).toHaveValue(fieldDate(checkOut));

  await registerVerifiedGuest(page.request, "british-dates", { phone: true });
  await page.goto(`/booking/${listing.id}`);
  const checkInField = page.getByLabel(/^Check-in/);
  // Typed day first, as a British guest writes it; read as 12 June, not 6 December.
  const typed = `${checkIn.slice(8)}/${checkIn.slice(5, 7)}/${checkIn.slice(0, 4)}`;
  await checkInField.fill(typed);
  await checkInField.press("Tab");
  await expect(checkInField).toHaveValue(fieldDate(checkIn));
  await page.getByLabel(/^Check-out/).fill(`${checkOut.slice(8)}.${checkOut.slice(5, 7)}.${checkOut.slice(2, 4)}`);
  await page.getByLabel(/^Check-out/).press("Tab");
  await expect(page.getByLabel(/^Check-out/)).toHaveValue(fieldDate(checkOut));
  await expect(page.getByRole("complementary", { name: "Booking summary" })).toContainText("3 nights");
});

test("a guest books from the listing page to the confirmation with the keyboard alone", async ({ page, request }) => {
  test.setTimeout(90_000);
  const listing = await createCalendarListing(request);
  await registerVerifiedGuest(page.request, "keyboard-booker", { phone: true });
  await page.goto(`/property/${listing.slug}`);
  const card = page.getByRole("main").getByRole("region", { name: "Price and booking" });
  const opener = card.getByRole("button", { name: "Choose dates" });
  await tabTo(page, opener, 80);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  const today = londonToday();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dayButton(dialog, today)).toBeFocused();
  // Two weeks on for three nights.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(dayButton(dialog, addDays(today, 17))).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Done" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(card.getByLabel(/^Check-in/)).toHaveValue(fieldDate(addDays(today, 14)));

  await tabTo(page, card.getByRole("link", { name: "Book Now" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Stay Details", exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Check-in/)).toHaveValue(fieldDate(addDays(today, 14)));
  await expect(page.getByLabel(/^Check-out/)).toHaveValue(fieldDate(addDays(today, 17)));
  await tabTo(page, page.getByRole("button", { name: "Next", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Continue to Payment" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Payment", exact: true })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Continue without Payment (Demo)" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Confirmation", exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("3 nights").first()).toBeVisible();
});

for (const viewport of CALENDAR_VIEWPORTS) {
  test(`the wizard's date step and its open calendar have no accessibility violations (${viewport.name})`, async ({
    page,
    request,
    database,
    axe,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const listing = await listingWithHeldNights(request, database);
    await registerVerifiedGuest(page.request, "wizard-axe", { phone: true });
    await page.goto(`/booking/${listing.id}?checkIn=${day(5)}&checkOut=${day(8)}&guests=1`);
    await expect(page.getByLabel(/^Check-in/)).toHaveValue(fieldDate(day(5)));
    await axe.expectNoViolations({ label: `wizard date step (${viewport.name})` });
    const step = testInfo.outputPath(`wizard-date-step-${viewport.name}.png`);
    await page.screenshot({ path: step, fullPage: true });
    await testInfo.attach(`wizard date step (${viewport.name})`, { path: step, contentType: "image/png" });

    const dialog = await openCalendarAt(page, wizardCalendarButton(page));
    await expectOpenCalendarAccessible(page, dialog, { axe, testInfo, viewport, label: "wizard calendar open" });
  });
}
