import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { auditLogs, rentPayments, tenancies } from "../../server/db/schema";
import { createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { acceptStatementOfTerms } from "../support/statement-of-terms";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/** The clock the app reads "today" from, moved month by month. */
let clock = new Date("2026-06-01T09:00:00Z");
const stripe = setUpStripeTestApp("whsec_tenancy_card_replacement", { now: () => clock });
const { t, server } = stripe;
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};
const collect = () => server.app.services.tenancies.collectDue();

/** An agreed periodic tenancy from 15 June 2026 whose tenant saved a card; answers both sides and that card. */
async function agreedTenancy() {
  setToday("2026-06-01");
  const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerMonth: "1500.00" });
  const tenant = await signedInUser(t.db, server.baseUrl);
  const created = await tenant.client.post("/api/bookings", {
    propertyId: property.id,
    checkIn: "2026-06-15",
    checkOut: addDays("2026-06-15", 200),
    guestCount: 1,
    guestInfo: { firstName: "Rhys", lastName: "Renter", email: tenant.user.email },
    asTenancy: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const bookingId = (created.body as { id: number }).id;
  await acceptStatementOfTerms(tenant.client, bookingId);
  const setup = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const firstCard = stripe.api.savedCards.confirmSetupIntent(setup.body.setupIntentId as string);
  const accepted = await owner.client.post(`/api/bookings/${bookingId}/accept`, {});
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId));
  if (!tenancy) throw new Error("no tenancy");
  return { owner, tenant, bookingId, tenancy, firstCard, firstSetupIntentId: setup.body.setupIntentId as string };
}

/** The cards the off-session rent charges of this customer went to, in order. */
const chargedCards = (customerId: string | null) =>
  stripe.api.savedCards.offSessionIntents.filter((i) => i.customer === customerId).map((i) => i.payment_method);

describe("the tenant replaces the card their rent is collected with, against the local Stripe server", () => {
  it("keeps charging the saved card until the new one is confirmed, then charges the new one each month", async () => {
    const { tenant, bookingId, tenancy, firstCard, firstSetupIntentId } = await agreedTenancy();
    const customer = tenancy.stripeCustomerId;
    expect(chargedCards(customer)).toEqual([firstCard]);

    const replace = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(replace.status, JSON.stringify(replace.body)).toBe(200);
    const replacementId = replace.body.setupIntentId as string;
    expect(replacementId).not.toBe(firstSetupIntentId);
    // A new SetupIntent for off-session use on the tenant's own customer, not a second customer.
    expect(stripe.api.savedCards.setupIntents.get(replacementId)).toMatchObject({
      usage: "off_session",
      customer,
      client_secret: replace.body.clientSecret,
    });
    // The form reopened before the new card is confirmed: the same SetupIntent.
    const reopened = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(reopened.body.setupIntentId).toBe(replacementId);

    // Until Stripe has the new card, the month's rent is taken from the saved one.
    setToday("2026-07-15");
    expect(await collect()).toEqual({ collected: 1, failed: 0 });
    expect(chargedCards(customer)).toEqual([firstCard, firstCard]);

    const newCard = stripe.api.savedCards.confirmSetupIntent(replacementId);
    const read = await tenant.client.get(`/api/bookings/${bookingId}/tenancy`);
    expect(read.body).toMatchObject({ cardSaved: true, demo: false });
    const [row] = await t.db.select().from(tenancies).where(eq(tenancies.id, tenancy.id));
    expect(row).toMatchObject({
      paymentMethodId: newCard,
      setupIntentId: replacementId,
      replacementSetupIntentId: null,
    });
    const logged = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "tenancy.rent_card_replaced"));
    expect(logged.filter((entry) => entry.targetId === String(bookingId))).toHaveLength(1);

    setToday("2026-08-15");
    expect(await collect()).toEqual({ collected: 1, failed: 0 });
    expect(chargedCards(customer)).toEqual([firstCard, firstCard, newCard]);
  });

  it("takes a month the old card failed from the new card on the next retry day, without the tenancy being read", async () => {
    const { tenant, bookingId, tenancy, firstCard } = await agreedTenancy();
    const customer = tenancy.stripeCustomerId;

    stripe.api.savedCards.declineNextOffSessionPayments(1);
    setToday("2026-07-15");
    expect(await collect()).toEqual({ collected: 0, failed: 1 });
    const july = () =>
      t.db
        .select()
        .from(rentPayments)
        .where(and(eq(rentPayments.tenancyId, tenancy.id), eq(rentPayments.periodStart, "2026-07-15")));
    expect((await july())[0]).toMatchObject({ status: "due", attempts: 1, nextAttemptOn: "2026-07-16" });

    const replace = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(replace.status, JSON.stringify(replace.body)).toBe(200);
    // Confirmed in the browser with Stripe; the app hears of it only when the job next asks.
    const newCard = stripe.api.savedCards.confirmSetupIntent(replace.body.setupIntentId as string);
    // Nothing is tried before the retry day.
    expect(await collect()).toEqual({ collected: 0, failed: 0 });

    setToday("2026-07-16");
    expect(await collect()).toEqual({ collected: 1, failed: 0 });
    expect((await july())[0]).toMatchObject({ status: "paid", attempts: 2 });
    expect(chargedCards(customer)).toEqual([firstCard, firstCard, newCard]);
  });

  it("is the tenant's alone: another guest gets a 404, the landlord a 403, and nothing is set up", async () => {
    const { owner, bookingId, tenancy } = await agreedTenancy();
    const before = stripe.api.savedCards.setupIntents.size;
    const stranger = await signedInUser(t.db, server.baseUrl);
    const asStranger = await stranger.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(asStranger.status).toBe(404);
    const asLandlord = await owner.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(asLandlord.status).toBe(403);
    expect(asLandlord.body.message).toMatch(/Only the tenant/);
    expect(stripe.api.savedCards.setupIntents.size).toBe(before);
    const [row] = await t.db.select().from(tenancies).where(eq(tenancies.id, tenancy.id));
    expect(row?.replacementSetupIntentId).toBeNull();
  });
});
