import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { projectRoot } from "../../../server/lib/project-root";
import { type FeedServer, icsOf, startFeedServer } from "../../support/ical-feed-server";
import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import { bookStay } from "../support/bookings";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Calendar sync on the manage page: the landlord copies the listing's calendar address, imports another site's
 * calendar (served by a local server; the e2e app allows loopback feed addresses), sees a feed that cannot be read
 * refused with the reason, and finds the imported nights and a double booking in the calendar. Each test makes a
 * listing of landlord@'s own, as other tests use the sample listings in parallel.
 */

const SECTION = 'section[aria-labelledby="manage-sync-heading"]';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await startFeedServer();
});
test.afterAll(async () => {
  await feeds?.close();
});

async function createProperty(request: APIRequestContext) {
  return createListingThroughApi(request, {
    title: `Sync test ${randomUUID().slice(0, 6)}`,
    description: "A one-bedroom flat made by the calendar sync browser test.",
  });
}

/** A night of next month, so that it is ahead whatever today is. */
function nightNextMonth(day: number): string {
  const [year, month] = londonToday().split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  return `${next}-${String(day).padStart(2, "0")}`;
}

async function screenshot(page: Page, name: string) {
  const folder = `${projectRoot}/.tmp/screenshots`;
  mkdirSync(folder, { recursive: true });
  await page.locator(SECTION).screenshot({ path: `${folder}/${name}.png` });
}

test("a landlord imports another site's calendar, sees its nights closed and a double booking flagged", async ({
  page,
  baseURL,
  axe,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  const property = await createProperty(page.request);

  // A guest's request for three nights next month, which the other site will also have booked.
  const checkIn = nightNextMonth(10);
  const guest = await playwrightRequest.newContext({ baseURL });
  await signInThroughApi(guest, DEMO_ACCOUNTS.guest);
  const grace = { firstName: "Grace", lastName: "Guest", email: DEMO_ACCOUNTS.guest };
  await bookStay(guest, grace, { propertyId: property.id, checkIn, checkOut: addDays(checkIn, 3) });
  await guest.dispose();

  await page.goto(`/properties/${property.id}/manage?section=sync`);
  await expect(page.getByRole("tab", { name: "Calendar sync", selected: true })).toBeVisible();
  const section = page.locator(SECTION);
  await expect(section.getByRole("heading", { level: 2, name: "Calendar sync" })).toBeVisible();

  // The listing's own calendar: a secret address that answers iCal.
  const address = section.getByLabel("Calendar address (iCal)");
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const exportPath = new URL(await address.inputValue()).pathname;
  const exported = await page.request.get(exportPath);
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain("BEGIN:VCALENDAR");
  await expect(section.getByText("No calendars imported yet")).toBeVisible();

  // The form's own rule, word for word, before anything is sent.
  const feedField = section.locator('input[type="url"]');
  await feedField.fill("ftp://example.com/x.ics");
  await section.getByRole("button", { name: "Import calendar" }).click();
  await expect(section.getByText("The calendar address must start with https:// or http://")).toBeVisible();

  // A feed the server cannot read: its reason beside the address, and nothing imported.
  feeds.set(`/missing-${property.id}.ics`, { status: 404 });
  await feedField.fill(feeds.url(`/missing-${property.id}.ics`));
  await section.getByRole("button", { name: "Import calendar" }).click();
  await expect(section.getByText("The calendar's server answered with HTTP 404.")).toBeVisible();
  await expect(feedField).toHaveAttribute("aria-invalid", "true");

  // The real one: a stay over the guest's last night, and another a week later.
  feeds.set(`/airbnb-${property.id}.ics`, {
    body: icsOf([
      { uid: "hm-1@airbnb", start: addDays(checkIn, 2), end: addDays(checkIn, 4), summary: "Reserved" },
      { uid: "hm-2@airbnb", start: addDays(checkIn, 8), end: addDays(checkIn, 10), summary: "Reserved" },
    ]),
  });
  await section.getByLabel("Site name").fill("Airbnb");
  await feedField.fill(feeds.url(`/airbnb-${property.id}.ics`));
  await section.getByRole("button", { name: "Import calendar" }).click();
  await expect(toast(page, "Calendar imported")).toBeVisible();
  const feed = section.getByRole("list", { name: "Imported calendars" }).getByRole("listitem");
  await expect(feed).toHaveCount(1);
  await expect(feed).toContainText("Airbnb");
  await expect(feed).toContainText("Synced");
  await expect(feed).toContainText("2 stays");
  await expect(section.getByText("A double booking to sort out")).toBeVisible();
  await expect(section.getByText(/Airbnb: .* overlaps booking SL-/)).toBeVisible();

  await feed.getByRole("button", { name: "Sync now" }).click();
  await expect(toast(page, "Calendar synced")).toBeVisible();

  await axe.expectNoViolations({ include: [SECTION], label: "calendar sync (desktop)" });
  await screenshot(page, "calendar-sync-desktop");
  await page.setViewportSize(PHONE);
  await expect(section.getByRole("heading", { level: 2, name: "Calendar sync" })).toBeVisible();
  await axe.expectNoViolations({ include: [SECTION], label: "calendar sync (phone)" });
  await screenshot(page, "calendar-sync-phone");
  await page.setViewportSize(DESKTOP);

  // The calendar shows the nights booked elsewhere, and the night booked twice.
  await page.getByRole("tab", { name: "Calendar", exact: true }).click();
  await page.getByRole("button", { name: /^Next month/ }).click();
  const imported = page.locator(`button[data-date="${addDays(checkIn, 8)}"]`);
  await expect(imported).toHaveAttribute("data-state", "imported");
  await expect(imported).toHaveAccessibleName(/Booked on another site\s*,\s*in Airbnb$/);
  const twice = page.locator(`button[data-date="${addDays(checkIn, 2)}"]`);
  await expect(twice).toHaveAccessibleName(/conflict: also booked on another site$/);

  // A guest can no longer ask for those nights.
  const quote = await page.request.get(
    `/api/properties/${property.id}/quote?checkIn=${addDays(checkIn, 8)}&checkOut=${addDays(checkIn, 9)}&guests=1`,
  );
  expect(((await quote.json()) as { available: boolean }).available).toBe(false);
});
