import { addDays, formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import { earliestNoticeEnd } from "../../../common/domain/periodic-tenancy";
import { bookingReference } from "../../../common/schemas/bookings";
import { formatWeekdayDate } from "../../../common/utils/dates";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { listHomeOfLandlord } from "../support/tenancies";
import { expect, expectScreenAccessible, test } from "../support/test";

/**
 * A periodic tenancy (England, after 1 May 2026; demo money, no Stripe keys here): landlord@ lists a home; the tenant
 * accepts its written statement of terms on My Bookings, and only then can landlord@ agree the request on All
 * Bookings; the tenant gives notice from My Bookings, and landlord@ sees it on their bookings.
 */

// landlord@'s All Bookings lists the demo's thousand-odd stays: on a busy machine each visit takes a while.
test.slow();

test("a tenant accepts the statement of terms and gives two months' notice from My Bookings, and the landlord agrees the tenancy and sees the notice", async ({
  page,
  axe,
  guestRequest,
}, testInfo) => {
  const propertyId = await listHomeOfLandlord(page.request, {
    title: "Quiet one-bed flat for a periodic tenancy",
    description: "A calm, light-filled flat with a modern kitchen and a quiet bedroom at the back.",
    address: "14 Albany Street, London NW1 4DY",
    city: "Camden",
    pricePerNight: 150,
    pricePerMonth: 2400,
  });

  const person = await registerVerifiedGuest(guestRequest, "tenant", { phone: true });
  const checkIn = addDays(londonToday(), 21);
  const asked = await guestRequest.post("/api/bookings", {
    data: {
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 60),
      guestCount: 1,
      asTenancy: true,
      guestInfo: { firstName: "Tess", lastName: "Tenant", email: person.email },
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const bookingId = ((await asked.json()) as { id: number }).id;
  const reference = bookingReference(bookingId);
  const card = page.locator(`article[data-booking-reference="${reference}"]`);
  const statement = card.getByRole("region", { name: "Statement of terms" });

  // Until the tenant accepts the written statement of terms, the landlord is told so and cannot agree the tenancy.
  await page.goto("/landlord/bookings");
  await expect(statement.getByText("Your tenant has not accepted it yet.")).toBeVisible({ timeout: 30_000 });
  await card.getByRole("button", { name: /^Accept/ }).click();
  await expect(toast(page, "Couldn't accept the request")).toBeVisible();
  await expect(toast(page, /The tenant has not yet accepted the written statement of terms/)).toBeVisible();

  await signInThroughApi(page.request, person.email, person.password);
  await page.goto("/bookings");
  await expect(statement.getByRole("link", { name: "Written statement of terms (PDF)" })).toBeVisible();
  await expect(
    statement.getByText("Read it, then accept it: your landlord can agree the tenancy only once you have."),
  ).toBeVisible();
  await expectScreenAccessible(page, axe, testInfo, "tenant's statement of terms to accept", card);
  await statement.getByRole("button", { name: "I have read and accept the statement" }).click();
  const acceptedOn = formatWeekdayDate(londonToday());
  await expect(statement.getByText(`You accepted it on ${acceptedOn}.`)).toBeVisible();
  await expect(statement.getByRole("button", { name: "I have read and accept the statement" })).toHaveCount(0);
  await axe.expectNoViolations({ label: "tenant's accepted statement of terms" });

  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto("/landlord/bookings");
  await expect(statement.getByText(`Your tenant accepted it on ${acceptedOn}.`)).toBeVisible({ timeout: 30_000 });
  await card.getByRole("button", { name: /^Accept/ }).click();
  await expect(toast(page, "Booking accepted")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Accept/ })).toHaveCount(0);

  await signInThroughApi(page.request, person.email, person.password);
  await page.goto("/bookings");
  const panel = page.getByRole("region", { name: "Periodic tenancy: £2,400 a month" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("No end date: the tenancy runs on until the tenant gives notice.")).toBeVisible();
  // Demo mode (no Stripe keys here): the rent is demo money, so no card is asked for.
  await expect(
    panel.getByText(
      "Demo mode: the rent is recorded as demo money and nothing is charged, so no card is needed from you.",
    ),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Save a card for your monthly rent" })).toHaveCount(0);
  await panel.getByRole("button", { name: "Give notice" }).click();
  const endsOn = earliestNoticeEnd(checkIn, londonToday());
  await expect(panel.getByLabel(/^Last day of your tenancy/)).toHaveValue(endsOn);
  await axe.expectNoViolations({ label: "tenant's notice form" });
  // A day before the earliest allowed is refused by the server, in its words, and nothing is given.
  await panel.getByLabel(/^Last day of your tenancy/).fill(addDays(endsOn, -1));
  await panel.getByRole("button", { name: "Give notice" }).click();
  await expect(panel.getByText(/Notice must be at least two months|last day of a rent period/)).toBeVisible();
  await panel.getByLabel(/^Last day of your tenancy/).fill(endsOn);
  await panel.getByRole("button", { name: "Give notice" }).click();
  const given = `notice on ${formatDateGb(londonToday())}: the tenancy ends on ${formatDateGb(endsOn)}.`;
  await expect(panel.getByText(`You gave ${given}`)).toBeVisible();
  await axe.expectNoViolations({ label: "tenant's tenancy after notice" });

  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto("/landlord/bookings");
  await expect(page.getByText(`Your tenant gave ${given}`)).toBeVisible();
  await axe.expectNoViolations({ label: "landlord's bookings with the notice" });
});
