import type { Page } from "@playwright/test";
import { formatMonthYear } from "../../../common/utils/dates";
import { registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { bookStay } from "../support/bookings";
import {
  CALENDAR_LANDLORD,
  CALENDAR_MONTH,
  createCalendarListing,
  calendarDay as day,
  tabTo,
} from "../support/calendar";
import { expect, test } from "../support/test";

/**
 * The landlord's calendar on the shared night calendar, for a listing with a confirmed stay, a blocked night and a
 * night booked on another site: the owner sees each with what it is (the guest and the booking's reference for the
 * stay), two months on a desktop and one on a phone, and blocks and unblocks nights with the keyboard; another
 * landlord is refused the same calendar at the API and learns nothing.
 */

const OTHER_LANDLORD = "landlord@staylondon.example";
const nightCell = (page: Page, date: string) => page.locator(`button[data-date="${date}"]`);

/**
 * Pages the calendar on until the month of `date` is on screen, then waits for its nights to load. It pages by the
 * months shown, not by the nights loaded: a month still loading has no night to find, and paging on past it would
 * never come back.
 */
async function pageTo(page: Page, date: string) {
  const next = page.getByRole("button", { name: /^Next month/ });
  const target = page.getByRole("grid", { name: formatMonthYear(date.slice(0, 7)) });
  const firstMonth = page.getByRole("grid").first();
  await expect(firstMonth).toBeVisible();
  while ((await target.count()) === 0) {
    const shown = (await firstMonth.getAttribute("aria-label")) ?? "";
    await next.click();
    await expect(firstMonth).not.toHaveAttribute("aria-label", shown);
  }
  await expect(nightCell(page, date)).toBeVisible();
}

test("the owner's calendar shows a stay with its guest, a blocked and an imported night, and blocks and unblocks by keyboard; another landlord cannot read it", async ({
  page,
  request,
  guestRequest,
  database,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  const listing = await createCalendarListing(request);
  const guest = await registerVerifiedGuest(guestRequest, "calendar-guest", { phone: true });
  const booked = await bookStay(guestRequest, guest, { propertyId: listing.id, checkIn: day(3), checkOut: day(5) });
  const accepted = await request.post(`/api/bookings/${booked.id}/accept`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const blocked = await request.post(`/api/properties/${listing.id}/blocked-nights`, {
    data: { from: day(9), to: day(9), note: "Decorators in" },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);
  // A request for nights 21 and 22, and a stay on another site's calendar over nights 13 and 14.
  await database.heldNightsAt(listing.id, { from: day(20), to: day(22) }, { from: day(12), to: day(14) });

  // From the side of the landlord who must not get in: not found, and not a word of the guest or the booking.
  const month = CALENDAR_MONTH.slice(0, 7);
  await signInThroughApi(page.request, OTHER_LANDLORD);
  const refused = await page.request.get(`/api/properties/${listing.id}/calendar?month=${month}`);
  expect(refused.status()).toBe(404);
  const refusedText = await refused.text();
  expect(refusedText).not.toContain(guest.lastName);
  expect(refusedText).not.toContain(booked.reference);

  await signInThroughApi(page.request, CALENDAR_LANDLORD);
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800, months: 2 },
    { name: "phone", width: 390, height: 844, months: 1 },
  ] as const) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/properties/${listing.id}/manage?section=calendar`);
    await pageTo(page, day(3));
    await expect(page.getByRole("grid")).toHaveCount(viewport.months);

    await expect(nightCell(page, day(3))).toHaveAttribute("data-state", "booked");
    await expect(nightCell(page, day(4))).toHaveAttribute("data-state", "booked");
    await expect(nightCell(page, day(5))).toHaveAttribute("data-state", "free");
    await expect(nightCell(page, day(5))).toHaveAccessibleName(/, £100\s*,\s*Free$/);
    await expect(nightCell(page, day(3))).toHaveAccessibleName(
      new RegExp(`Booked\\s*, ${guest.firstName} .*${booked.reference}$`),
    );
    await expect(nightCell(page, day(9))).toHaveAttribute("data-state", "blocked");
    await expect(nightCell(page, day(9))).toHaveAccessibleName(/Blocked\s*, note: Decorators in$/);
    await expect(nightCell(page, day(13))).toHaveAttribute("data-state", "imported");
    await expect(nightCell(page, day(13))).toHaveAccessibleName(/Booked on another site\s*, in Other site$/);
    await expect(nightCell(page, day(21))).toHaveAttribute("data-state", "requested");
    // The stay's guest and reference in words, for the night the keyboard is on.
    await page.mouse.move(0, 0);
    await nightCell(page, day(4)).focus();
    await expect(page.getByText(new RegExp(`Booked · ${guest.firstName} .* · ${booked.reference} · `))).toBeVisible();
    await axe.expectNoViolations({ label: `landlord calendar (${viewport.name})` });
    const shot = testInfo.outputPath(`landlord-calendar-${viewport.name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`landlord calendar (${viewport.name})`, { path: shot, contentType: "image/png" });
  }

  // Keyboard only, on the phone: Enter on a night, arrow to the next, Enter, then Tab to Block.
  await nightCell(page, day(16)).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowRight");
  await expect(nightCell(page, day(17))).toBeFocused();
  await page.keyboard.press("Enter");
  const selection = page.getByRole("region", { name: "Selected nights" });
  await expect(selection).toContainText("2 nights");
  await expect(nightCell(page, day(17))).toHaveAccessibleName(/Free, selected$/);
  await tabTo(page, selection.getByRole("button", { name: "Block 2 nights", exact: true }));
  await page.keyboard.press("Enter");
  await expect(toast(page, "Nights blocked")).toBeVisible();
  await expect(nightCell(page, day(16))).toHaveAttribute("data-state", "blocked");
  await expect(nightCell(page, day(17))).toHaveAttribute("data-state", "blocked");

  // One night chosen twice is a range of one: unblock it, the other stays blocked.
  await nightCell(page, day(16)).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await tabTo(page, selection.getByRole("button", { name: "Unblock 1 night", exact: true }));
  await page.keyboard.press("Enter");
  await expect(toast(page, "Nights unblocked")).toBeVisible();
  await expect(nightCell(page, day(16))).toHaveAttribute("data-state", "free");
  await expect(nightCell(page, day(17))).toHaveAttribute("data-state", "blocked");
});
