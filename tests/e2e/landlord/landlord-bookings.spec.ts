import type { APIRequestContext, Page } from "@playwright/test";
import { addCalendarMonths, addDays, londonToday } from "../../../common/domain/calendar-dates";
import { formatWeekdayDate } from "../../../common/utils/dates";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { acceptStatementThroughApi, bookStay, requestFreeStay } from "../support/bookings";
import { createListingThroughApi, formatPounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Landlord All Bookings (spec 2, issue 5 item 7): landlord@ answers booking requests for their properties. Card
 * payments are off in the browser tests, so a guest's booking stays a request until the landlord answers.
 *
 * Other tests book the same properties in parallel: every stay here is 300 to 700 days ahead at a random offset,
 * checked free with the server's quote first, and each test has a guest of its own.
 */

// landlord@'s sample properties that take bookings (islington-cozy-apartment is under maintenance).
const LANDLORD_PROPERTIES = ["westminster-luxury-flat", "camden-modern-studio", "kensington-elegant-home"];

type GuestBooking = { id: number; status: string; guestId: number };

/** A fresh verified guest on a request context of its own requests a free stay at one of landlord@'s properties. */
async function requestStayAtLandlordProperty(guest: APIRequestContext, label: string) {
  const person = await registerVerifiedGuest(guest, label, { phone: true });
  const booking = await requestFreeStay(guest, person, LANDLORD_PROPERTIES);
  expect(booking.status).toBe("pending");
  // The landlord sees the guest's first name and last initial, never more.
  const guestName = `${person.firstName} ${person.lastName.charAt(0).toUpperCase()}.`;
  return { ...booking, guestName };
}

/** The card of one booking on /landlord/bookings, found by its reference. */
function bookingCard(page: Page, reference: string) {
  return page.getByRole("article").filter({ hasText: reference });
}

/** landlord@ opens the page and shows only the requests awaiting an answer (newest first). */
async function openRequestsAsLandlord(page: Page) {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto("/landlord/bookings");
  await expect(page.getByRole("heading", { level: 1, name: "All Bookings" })).toBeVisible();
  await page.getByRole("button", { name: /^Needs Approval \d+$/ }).click();
  await expect(page.getByRole("button", { name: /^Needs Approval \d+$/ })).toHaveAttribute("aria-pressed", "true");
}

test.describe("Landlord All Bookings", () => {
  test("the landlord accepts a guest's request and the guest's booking is confirmed", async ({
    page,
    guestRequest: guest,
  }) => {
    const booking = await requestStayAtLandlordProperty(guest, "accepted-guest");

    await openRequestsAsLandlord(page);
    for (const label of ["Total Bookings", "Needs Approval", "Upcoming Stays", "Booked Revenue", "Nights Booked"]) {
      await expect(page.getByRole("listitem").filter({ hasText: label }).first()).toBeVisible();
    }
    const card = bookingCard(page, booking.reference);
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Needs Approval", { exact: true })).toBeVisible();
    await expect(card.getByText(/the request lapses on/)).toBeVisible();
    // Spec 2 lists the guest id beside the guest.
    await expect(card).toContainText(`Guest ${booking.guestName} · ID ${booking.guestId}`);
    await expect(card.getByRole("link", { name: /View Property/ })).toHaveAttribute("href", /^\/properties\/\d+$/);

    await card.getByRole("button", { name: /^Accept/ }).click();
    await expect(toast(page, "Booking accepted")).toBeVisible();
    // No longer a request: it has left the Needs Approval list and heads the confirmed ones.
    await expect(card).toHaveCount(0);
    await page.getByRole("button", { name: /^Confirmed \d+$/ }).click();
    await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /^Cancel booking/ })).toBeVisible();

    const seenByGuest = await guest.get(`/api/bookings/${booking.id}`);
    expect(seenByGuest.ok(), await seenByGuest.text()).toBe(true);
    expect(((await seenByGuest.json()) as GuestBooking).status).toBe("confirmed");
  });

  test("the landlord declines a request; the page has no accessibility violations", async ({
    page,
    axe,
    guestRequest: guest,
  }) => {
    const booking = await requestStayAtLandlordProperty(guest, "declined-guest");

    await openRequestsAsLandlord(page);
    const card = bookingCard(page, booking.reference);
    await expect(card.getByText("Needs Approval", { exact: true })).toBeVisible();
    await axe.expectNoViolations({ label: "/landlord/bookings" });

    // Decline asks first; Keep Request leaves the request as it was.
    await card.getByRole("button", { name: /^Decline/ }).click();
    const confirm = page.getByRole("alertdialog", { name: `Decline request ${booking.reference}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("nothing is charged");
    await axe.expectNoViolations({ label: "/landlord/bookings decline dialog" });
    await confirm.getByRole("button", { name: "Keep Request" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(card.getByText("Needs Approval", { exact: true })).toBeVisible();
    const stillPending = await guest.get(`/api/bookings/${booking.id}`);
    expect(((await stillPending.json()) as GuestBooking).status).toBe("pending");

    await card.getByRole("button", { name: /^Decline/ }).click();
    await confirm.getByRole("button", { name: "Decline request" }).click();
    await expect(toast(page, "Request declined")).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByRole("button", { name: /^Cancelled \d+$/ }).click();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /^(Accept|Decline)/ })).toHaveCount(0);

    const seenByGuest = await guest.get(`/api/bookings/${booking.id}`);
    expect(((await seenByGuest.json()) as GuestBooking).status).toBe("cancelled");
  });

  test("the landlord cancels a confirmed stay after a dialog that names the full refund", async ({
    page,
    guestRequest: guest,
  }) => {
    const booking = await requestStayAtLandlordProperty(guest, "cancelled-guest");
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const accepted = await page.request.post(`/api/bookings/${booking.id}/accept`, { data: {} });
    expect(accepted.ok(), `accept: ${await accepted.text()}`).toBe(true);
    const total = ((await accepted.json()) as { totalPrice: string }).totalPrice;

    await page.goto("/landlord/bookings");
    await page.getByRole("button", { name: /^Confirmed \d+$/ }).click();
    const card = bookingCard(page, booking.reference);
    await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: /^Cancel booking/ }).click();
    const confirm = page.getByRole("alertdialog", { name: `Cancel booking ${booking.reference}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`the guest gets a full refund of ${formatPounds(total)}`);
    await confirm.getByRole("button", { name: "Cancel and refund in full" }).click();
    await expect(toast(page, "Booking cancelled")).toBeVisible();
    await expect(confirm).toHaveCount(0);

    // Gone from the confirmed stays; among the cancelled ones, with the refund it got.
    await expect(card).toHaveCount(0);
    await page.getByRole("button", { name: /^Cancelled \d+$/ }).click();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(card).toContainText(`Cancelled by you. Refunded to the guest: ${formatPounds(total)}.`);
    await expect(card.getByRole("button", { name: /^Cancel booking/ })).toHaveCount(0);

    const seenByGuest = await guest.get(`/api/bookings/${booking.id}`);
    expect(((await seenByGuest.json()) as GuestBooking).status).toBe("cancelled");
  });

  test("a tenancy's deposit and Right to Rent duties are on its card, dated once it is accepted", async ({
    page,
    playwright,
    baseURL,
    axe,
  }, testInfo) => {
    // priya@ (another approved landlord) lets a new flat, so landlord@'s lists in other tests stay as they are.
    await signInThroughApi(page.request, "priya.sharma@staylondon.example");
    const { id: propertyId } = await createListingThroughApi(page.request, {
      title: `Tenancy duties flat ${Date.now()}`,
      description: "A calm flat made by the landlord bookings browser test, let as a tenancy.",
      address: "3 Test Walk, London N1 9AA",
      city: "Islington",
      pricePerNight: 160,
      pricePerMonth: 3600,
      depositAmount: 4000,
    });

    const guest = await playwright.request.newContext({ baseURL });
    try {
      const person = await registerVerifiedGuest(guest, "tenant", { phone: true });
      const checkIn = addDays(londonToday(), 30);
      const { id: bookingId, reference } = await bookStay(guest, person, {
        propertyId,
        checkIn,
        checkOut: addCalendarMonths(checkIn, 12),
      });
      // The landlord can agree a tenancy only once its tenant has accepted the written statement of terms.
      await acceptStatementThroughApi(guest, bookingId);

      await page.goto("/landlord/bookings");
      const card = bookingCard(page, reference);
      await expect(card.getByText("Tenancy", { exact: true })).toBeVisible();
      const duties = card.getByRole("region", { name: "Your duties for this tenancy" });
      await expect(duties.getByText(`Check the Right to Rent by ${formatWeekdayDate(checkIn)}`)).toBeVisible();
      await expect(duties.getByText(/dated once the tenancy is confirmed/)).toBeVisible();

      await card.getByRole("button", { name: /^Accept/ }).click();
      await expect(toast(page, "Booking accepted")).toBeVisible();
      const protectBy = formatWeekdayDate(addDays(londonToday(), 30));
      await expect(duties.getByText(`Protect the deposit by ${protectBy}`)).toBeVisible();
      await expect(duties.getByText(/£4,000 deposit/)).toBeVisible();
      await expect(duties.getByText("Source: Housing Act 2004, sections 213 to 215")).toBeVisible();
      await axe.expectNoViolations({ label: "landlord bookings with a tenancy" });

      const shot = testInfo.outputPath("tenancy-duties.png");
      await card.screenshot({ path: shot, style: "header.sticky { visibility: hidden }" });
      await testInfo.attach("tenancy duties", { path: shot, contentType: "image/png" });
    } finally {
      await guest.dispose();
    }
  });

  test("a guest opening /landlord/bookings sees the gate, not the bookings", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/landlord/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.getByText(/You don't have the required role to access this area/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "All Bookings" })).toHaveCount(0);
    await expect(page.getByText("Total Bookings")).toHaveCount(0);
    // The server refuses the list too, whatever the page shows.
    const list = await page.request.get("/api/bookings/landlord-bookings");
    expect(list.status()).toBe(403);
  });
});
