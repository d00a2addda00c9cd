import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { addDays, addMonths, londonToday } from "../../../common/domain/calendar-dates";
import { signInThroughApi } from "./accounts";
import type { E2eDatabase } from "./database";
import { createListingThroughApi } from "./properties";
import type { AxeFixture } from "./test";

/** An approved landlord who owns no listing other tests count. */
export const CALENDAR_LANDLORD = "priya.sharma@staylondon.example";

/** The first day of the month two months ahead: every night of it is in the future, whatever today is. */
export const CALENDAR_MONTH = addMonths(londonToday(), 2);
export const calendarDay = (n: number) => addDays(CALENDAR_MONTH, n);

export async function createCalendarListing(request: APIRequestContext, fields: Record<string, unknown> = {}) {
  await signInThroughApi(request, CALENDAR_LANDLORD);
  return createListingThroughApi<{ id: number; slug: string; title: string }>(request, {
    title: `Calendar flat ${randomUUID().slice(0, 6)}`,
    description: "A quiet one-bedroom flat made by the calendar browser tests, with a few nights already held.",
    pricePerNight: 100,
    ...fields,
  });
}

/**
 * A listing of at least 3 nights a stay, with nights 4 and 5 of CALENDAR_MONTH requested, 10 blocked and 14 booked
 * elsewhere (day(3), day(4), day(9), day(13)).
 */
export async function listingWithHeldNights(request: APIRequestContext, database: Pick<E2eDatabase, "heldNightsAt">) {
  const listing = await createCalendarListing(request, { shortLetMinNights: 3 });
  const blocked = await request.post(`/api/properties/${listing.id}/blocked-nights`, {
    data: { from: calendarDay(9), to: calendarDay(9) },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);
  await database.heldNightsAt(
    listing.id,
    { from: calendarDay(3), to: calendarDay(5) },
    { from: calendarDay(13), to: calendarDay(14) },
  );
  return listing;
}

/** The nights of listingWithHeldNights that no guest can choose. */
export const HELD_NIGHTS = [calendarDay(3), calendarDay(4), calendarDay(9), calendarDay(13)];

/** A day of a month shown (not the hidden days of the next month that fill its last week). */
export const cell = (dialog: Locator, date: string) => dialog.locator(`[data-day="${date}"]:not([data-outside])`);
export const dayButton = (dialog: Locator, date: string) => cell(dialog, date).getByRole("button");

/** Opens the calendar with `opener` and pages it to CALENDAR_MONTH, with its nights loaded. */
export async function openCalendarAt(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole("button", { name: "Go to the Next Month" });
  while ((await cell(dialog, CALENDAR_MONTH).count()) === 0) await next.click();
  return dialog;
}

/** The days of CALENDAR_MONTH the open calendar greys. */
export async function greyedDays(dialog: Locator): Promise<string[]> {
  await expect(cell(dialog, calendarDay(3))).toHaveAttribute("data-disabled", "true");
  return dialog
    .locator(`[data-day^="${CALENDAR_MONTH.slice(0, 7)}"][data-disabled="true"]:not([data-outside])`)
    .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-day") ?? ""));
}

/** "Friday 4 December 2026", as British pages write a day. */
export const britishDay = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(`${date}T00:00:00Z`))
    .replace(",", "");

/** "12 June 2027": how a stay's date field reads once chosen, whatever the browser's language. */
export const fieldDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** A name as a screen reader reads it: the same words, whatever the spacing between the button's parts. */
export const spoken = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*")}$`);

/** Presses Tab until `target` has the focus (at most `limit` times), the way a keyboard user reaches it. */
export async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The sizes every stay calendar is checked at: a desktop shows two months, a phone one. */
export const CALENDAR_VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800, months: 2 },
  { name: "phone", width: 390, height: 844, months: 1 },
] as const;
export type CalendarViewport = (typeof CALENDAR_VIEWPORTS)[number];

/**
 * The calendar of listingWithHeldNights, open at this size: its held nights greyed, as many months as fit, and no
 * accessibility violations; a screenshot is attached to the test.
 */
export async function expectOpenCalendarAccessible(
  page: Page,
  dialog: Locator,
  {
    axe,
    testInfo,
    viewport,
    label,
  }: { axe: AxeFixture; testInfo: TestInfo; viewport: CalendarViewport; label: string },
): Promise<void> {
  await expect(cell(dialog, calendarDay(3))).toHaveAttribute("data-disabled", "true");
  await expect(dialog.getByRole("grid")).toHaveCount(viewport.months);
  await axe.expectNoViolations({ label: `${label} (${viewport.name})` });
  const shot = testInfo.outputPath(`${label.replace(/\W+/g, "-")}-${viewport.name}.png`);
  await page.screenshot({ path: shot });
  await testInfo.attach(`${label} (${viewport.name})`, { path: shot, contentType: "image/png" });
}
