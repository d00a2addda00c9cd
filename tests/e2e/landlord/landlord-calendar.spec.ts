import type { Page } from "@playwright/test";
import { registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { bookStay } from "../support/bookings";
import { CALENDAR_LANDLORD, CALENDAR_MONTH, createCalendarListing, calendarDay as day } from "../support/calendar";
import { expect, test } from "../support/test";

/**
 * The landlord's calendar of a listing with a confirmed stay and a blocked night: the owner sees both, with the
 * guest and the booking's reference; another landlord is refused the same calendar at the API and learns nothing.
 */

const OTHER_LANDLORD = "landlord@staylondon.example";
const nightCell = (page: Page, date: string) => page.locator(`button[data-date="${date}"]`);

test("the owner's calendar shows a booked night with its guest and a blocked night; another landlord cannot read it", async ({
  page,
  request,
  guestRequest,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  const listing = await createCalendarListing(request);
  const guest = await registerVerifiedGuest(guestRequest, "calendar-guest", { phone: true });
  const booked = await bookStay(guestRequest, guest, {
    propertyId: listing.id,
    checkIn: day(3),
    checkOut: day(5),
  });
  const accepted = await request.post(`/api/bookings/${booked.id}/accept`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const blocked = await request.post(`/api/properties/${listing.id}/blocked-nights`, {
    data: { from: day(9), to: day(9), note: "Decorators in" },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);

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
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ] as const) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/properties/${listing.id}/manage?section=calendar`);
    const next = page.getByRole("button", { name: /^Next month/ });
    // Page on one month at a time, each loaded before the next click.
    const firstNight = page.locator("button[data-date]").first();
    await expect(firstNight).toBeVisible();
    while ((await nightCell(page, day(3)).count()) === 0) {
      const shown = (await firstNight.getAttribute("data-date")) ?? "";
      await next.click();
      await expect(firstNight).not.toHaveAttribute("data-date", shown);
    }
    await expect(nightCell(page, day(3))).toHaveAttribute("data-state", "booked");
    await expect(nightCell(page, day(4))).toHaveAttribute("data-state", "booked");
    await expect(nightCell(page, day(5))).toHaveAttribute("data-state", "free");
    await expect(nightCell(page, day(9))).toHaveAttribute("data-state", "blocked");
    await expect(nightCell(page, day(3))).toHaveAccessibleName(
      new RegExp(`Booked\\s*, ${guest.firstName} .*${booked.reference}`),
    );
    await expect(nightCell(page, day(9))).toHaveAccessibleName(/Blocked\s*, note: Decorators in/);
    await axe.expectNoViolations({ label: `landlord calendar (${viewport.name})` });
    const shot = testInfo.outputPath(`landlord-calendar-${viewport.name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`landlord calendar (${viewport.name})`, { path: shot, contentType: "image/png" });
  }
});
