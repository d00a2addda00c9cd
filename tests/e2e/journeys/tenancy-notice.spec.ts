import { addDays, formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import { earliestNoticeEnd } from "../../../common/domain/periodic-tenancy";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { acceptStatementThroughApi } from "../support/bookings";
import { listHomeOfLandlord } from "../support/tenancies";
import { expect, test } from "../support/test";

/**
 * A periodic tenancy (England, after 1 May 2026; demo money, no Stripe keys here): landlord@ lists a home and agrees a
 * tenant's request; the tenant gives notice from My Bookings, and landlord@ sees it on their bookings.
 */
test("a tenant gives two months' notice from My Bookings and the landlord sees it", async ({
  page,
  axe,
  guestRequest,
}) => {
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
  // The tenant accepts the written statement of terms first: the landlord cannot agree the tenancy before.
  await acceptStatementThroughApi(guestRequest, bookingId);
  const agreed = await page.request.post(`/api/bookings/${bookingId}/accept`, { data: {} });
  expect(agreed.status(), await agreed.text()).toBe(200);

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
