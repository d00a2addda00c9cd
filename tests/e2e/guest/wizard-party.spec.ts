import type { Page } from "@playwright/test";
import type { TGuestBooking } from "../../../common/schemas/bookings";
import { registerVerifiedGuest } from "../support/accounts";
import { CALENDAR_VIEWPORTS, createCalendarListing, calendarDay as day } from "../support/calendar";
import { expect, test } from "../support/test";

/**
 * The booking wizard's Guest Information step asks who comes with the same picker as the first step and the price
 * card, within the listing's capacity and its pets rule; the summary names the party as the booking card does, and
 * the booking made carries every count.
 */

const summaryGuests = (page: Page) =>
  page
    .getByRole("complementary", { name: "Booking summary" })
    .getByRole("term")
    .filter({ hasText: /^\s*Guests\s*$/ })
    .locator("xpath=following-sibling::dd[1]");

/** Opens the wizard on three free nights and moves on to the Guest Information step. */
async function toGuestInformation(page: Page, listingId: number) {
  await page.goto(`/booking/${listingId}?checkIn=${day(20)}&checkOut=${day(23)}`);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Guest Information", exact: true })).toBeVisible();
}

for (const viewport of CALENDAR_VIEWPORTS) {
  test(`step 2's guest picker sets adults, children, infants and pets, the summary names them and the booking carries them (${viewport.name})`, async ({
    page,
    request,
    axe,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const listing = await createCalendarListing(request, { maxGuests: 3, petsAllowed: true });
    await registerVerifiedGuest(page.request, `wizard-party-${viewport.name}`, { phone: true });
    await toGuestInformation(page, listing.id);

    const picker = page.getByRole("button", { name: /^Guests 1 guest$/ });
    await picker.click();
    for (const kind of ["adults", "children", "infants", "pets"]) {
      await page.getByRole("button", { name: `More ${kind}` }).click();
    }
    // The listing sleeps 3: two adults and a child fill it, infants do not count.
    await expect(page.getByRole("button", { name: "More adults" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("button", { name: "More children" })).toHaveAttribute("aria-disabled", "true");
    await axe.expectNoViolations({ label: `wizard step 2, guest picker open (${viewport.name})` });
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("button", { name: /^Guests 3 guests, 1 infant, 1 pet$/ })).toBeFocused();
    await expect(summaryGuests(page)).toHaveText("3 guests, 1 infant, 1 pet");
    await axe.expectNoViolations({ label: `wizard step 2 (${viewport.name})` });
    const shot = testInfo.outputPath(`wizard-party-${viewport.name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`wizard step 2 (${viewport.name})`, { path: shot, contentType: "image/png" });

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Payment", exact: true })).toBeVisible();
    await expect(summaryGuests(page)).toHaveText("3 guests, 1 infant, 1 pet");

    const mine = await page.request.get("/api/bookings/my-bookings");
    expect(mine.status()).toBe(200);
    const bookings = (await mine.json()) as TGuestBooking[];
    expect(
      bookings.map(({ propertyId, guestCount, adults, children, infants, pets }) => ({
        propertyId,
        guestCount,
        adults,
        children,
        infants,
        pets,
      })),
    ).toEqual([{ propertyId: listing.id, guestCount: 3, adults: 2, children: 1, infants: 1, pets: 1 }]);
  });
}

test("step 2's guest picker keeps pets at none where the listing does not take them", async ({ page, request }) => {
  const listing = await createCalendarListing(request, { maxGuests: 2, petsAllowed: false });
  await registerVerifiedGuest(page.request, "wizard-no-pets", { phone: true });
  await toGuestInformation(page, listing.id);
  await page.getByRole("button", { name: /^Guests 1 guest$/ }).click();
  await expect(page.getByRole("button", { name: "More pets" })).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("button", { name: "More adults" }).click();
  await expect(page.getByRole("button", { name: "More adults" })).toHaveAttribute("aria-disabled", "true");
  // A keyboard user can still press it: nothing changes.
  await page.getByRole("button", { name: "More pets" }).press("Enter");
  await expect(page.getByRole("button", { name: /^Guests 2 guests$/ })).toBeVisible();
});
