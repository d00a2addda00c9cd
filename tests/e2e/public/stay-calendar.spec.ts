import type { Page } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import {
  britishDay,
  CALENDAR_VIEWPORTS,
  calendarDay,
  createCalendarListing,
  dayButton,
  expectOpenCalendarAccessible,
  fieldDate,
  greyedDays,
  HELD_NIGHTS,
  listingWithHeldNights,
  openCalendarAt,
  spoken,
} from "../support/calendar";
import { expect, test } from "../support/test";

/**
 * The price card's calendar, seen by a guest whose browser speaks American English: the listing's taken, blocked and
 * imported nights greyed with why, a stay across one refused, the listing's minimum stay applied while choosing,
 * British dates, and dates chosen by keyboard alone that the quote then prices.
 */

test.use({ locale: "en-US", timezoneId: "Europe/London" });

const day = calendarDay;

function priceCard(page: Page) {
  return page.getByRole("main").getByRole("region", { name: "Price and booking" });
}

/** Opens the calendar from the card and pages it to CALENDAR_MONTH, with its nights loaded. */
const openCalendarFromCard = (page: Page) =>
  openCalendarAt(page, priceCard(page).getByRole("button", { name: "Choose dates" }));

test("the calendar greys exactly the taken, blocked and imported nights, refuses a stay across one and one shorter than the minimum, in British dates", async ({
  page,
  request,
  database,
}) => {
  const listing = await listingWithHeldNights(request, database);
  await page.goto(`/property/${listing.slug}`);
  const dialog = await openCalendarFromCard(page);
  expect(await greyedDays(dialog)).toEqual(HELD_NIGHTS);

  // Each says why to a screen reader, never who; and the free ones say their price, all in.
  const named = async (date: string, rest: string) =>
    expect(dayButton(dialog, date)).toHaveAccessibleName(spoken(`${britishDay(date)}, ${rest}`));
  await named(day(3), "not available: already booked");
  await named(day(9), "not available: closed by the host");
  await named(day(13), "not available: already booked on another site");
  await named(day(1), "£110 a night incl. fees");
  // A British week starts on Monday, whatever the browser's language.
  await expect(dialog.locator("thead th").first()).toHaveAttribute("aria-label", "Monday");

  // A stay across the requested nights is refused, and nothing is written.
  await dayButton(dialog, day(1)).click();
  await expect(dialog.getByText(/^Check-in \w{3} \d{1,2} \w{3}\. Now choose your check-out day\.$/)).toBeVisible();
  await dayButton(dialog, day(7)).click();
  await expect(dialog.getByText(/Your stay can't include the night of .* \(already booked\)/)).toBeVisible();
  await expect(page).not.toHaveURL(/checkOut=/);

  // After a refusal the next day chosen starts a new stay, without Clear. Two nights where the minimum is three:
  // refused with the listing's rule.
  await dayButton(dialog, day(5)).click();
  await expect(dialog.getByText(/^Check-in \w{3} \d{1,2} \w{3}\. Now choose your check-out day\.$/)).toBeVisible();
  await dayButton(dialog, day(7)).click();
  await expect(dialog.getByText("2 nights can't be booked here. Short lets here are at least 3 nights.")).toBeVisible();
  await expect(page).not.toHaveURL(/checkOut=/);

  // Three nights fit: the card's dates and the URL take them.
  await dayButton(dialog, day(5)).click();
  await dayButton(dialog, day(8)).click();
  await expect(page).toHaveURL(new RegExp(`checkIn=${day(5)}&checkOut=${day(8)}`));
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  // British dates in the card's fields, though the browser speaks American English.
  await expect(priceCard(page).getByLabel(/^Check-in/)).toHaveValue(fieldDate(day(5)));
  await expect(priceCard(page).getByLabel(/^Check-out/)).toHaveValue(fieldDate(day(8)));
});

test("a guest chooses a stay with the keyboard alone and sees its quote", async ({ page, request }) => {
  const listing = await createCalendarListing(request);
  await page.goto(`/property/${listing.slug}`);
  const card = priceCard(page);
  await card.getByRole("button", { name: "Choose dates" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Go to the Next Month" })).toBeFocused();
  // Into the grid: today is where the focus lands; a week on is the check-in, three nights later the check-out.
  const today = londonToday();
  await page.keyboard.press("Tab");
  await expect(dayButton(dialog, today)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(dayButton(dialog, addDays(today, 7))).toBeFocused();
  await page.keyboard.press("Enter");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(dayButton(dialog, addDays(today, 10))).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`checkIn=${addDays(today, 7)}&checkOut=${addDays(today, 10)}`));
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Clear" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Done" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: "Choose dates" })).toBeFocused();
  // The quote prices the three nights the keyboard chose.
  await expect(card.getByText(/\b3 nights\b/).first()).toBeVisible();
  await expect(card.getByRole("term").filter({ hasText: "Total" })).toBeVisible();
});

for (const viewport of CALENDAR_VIEWPORTS) {
  test(`the open calendar has no accessibility violations and shows ${viewport.months} month(s) (${viewport.name})`, async ({
    page,
    request,
    database,
    axe,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const listing = await listingWithHeldNights(request, database);
    await page.goto(`/property/${listing.slug}`);
    const dialog = await openCalendarFromCard(page);
    await expectOpenCalendarAccessible(page, dialog, { axe, testInfo, viewport, label: "listing calendar open" });
  });
}
