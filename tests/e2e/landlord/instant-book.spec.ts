import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { registerVerifiedGuest, toast } from "../support/accounts";
import { listHomeOfLandlord } from "../support/tenancies";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * Instant book from both sides: landlord@ turns it on for a new listing of theirs on the manage page, and a new guest
 * (who meets the requirements: none beyond a verified phone) is told before booking that the stay is confirmed at once,
 * then sees "Booking confirmed" without the landlord answering. Card payments are off in the browser tests.
 */
test("a landlord turns on instant book and a qualifying guest's booking is confirmed at once", async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const title = `Park flat booked instantly ${Date.now().toString(36)}`;
  const propertyId = await listHomeOfLandlord(page.request, {
    title,
    description: "A bright one-bed flat by the park, with a quiet bedroom at the back and a small balcony.",
    address: "7 Parkside Road, London NW1 4RG",
    city: "Camden",
    pricePerNight: 160,
    pricePerMonth: 3200,
  });

  // The landlord's side.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/properties/${propertyId}/manage?section=instant`);
  const section = page.getByRole("region", { name: "Instant book" });
  await expect(section.getByRole("heading", { level: 2, name: "Instant book" })).toBeVisible();
  const switchBox = section.getByLabel("Turn on instant book for this listing");
  await expect(switchBox).not.toBeChecked();
  // The requirements wait until instant book is on.
  await expect(section.getByLabel(/^Completed stays on StayLondon/)).toBeDisabled();
  await switchBox.check();
  await expect(section.getByLabel(/^Completed stays on StayLondon/)).toBeEnabled();
  await expect(section.getByLabel(/^Completed stays on StayLondon/)).toHaveValue("0");
  await axe.expectNoViolations({ label: "manage page, instant book" });
  await expectPhoneLayoutAccessible(page, axe, "manage page, instant book");
  await page.setViewportSize({ width: 1280, height: 800 });
  // Back at desktop width the sections move from a row of tabs into the side list: press Save once they have.
  await expect(page.getByRole("tablist", { name: "Sections" })).toHaveAttribute("aria-orientation", "vertical");
  await section.getByRole("button", { name: "Save instant book" }).click();
  await expect(toast(page, "Instant book is on")).toBeVisible();
  // Stored: a fresh read of the page shows it on.
  await page.reload();
  await expect(page.getByLabel("Turn on instant book for this listing")).toBeChecked();

  // The guest's side: a new guest with a verified phone, in the same browser.
  await registerVerifiedGuest(page.request, "instant-guest", { phone: true });
  const checkIn = addDays(londonToday(), 40);
  await page.goto(`/booking/${propertyId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByLabel(/^Check-in/).fill(checkIn);
  await page.getByLabel(/^Check-out/).fill(addDays(checkIn, 3));
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();
  const notice = page.getByRole("region", { name: "Instant book", exact: true });
  await expect(notice).toContainText("your stay is confirmed as you book");
  await page.getByRole("button", { name: "Continue to Payment" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Confirmation", exact: true })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText("Booking confirmed", { exact: true })).toBeVisible();
  await expect(main.getByText("Booking request sent")).toHaveCount(0);
  await expect(main.getByText("Confirmed", { exact: true })).toBeVisible();
  await axe.expectNoViolations({ label: "wizard confirmation, instant book" });
  await expectPhoneLayoutAccessible(page, axe, "wizard confirmation, instant book");
});
