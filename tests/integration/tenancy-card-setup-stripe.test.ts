import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { outgoingMessages, rentPayments, tenancies } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/** The clock the app reads "today" from. */
let clock = new Date("2026-06-01T09:00:00Z");
const stripe = setUpStripeTestApp("whsec_tenancy_card_setup", { now: () => clock });
const { t, server } = stripe;
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};

/** What the tenant owes in the ledger now, in pence (rent written as due and not yet collected). */
async function owedBy(userId: number): Promise<number> {
  const result = await t.db.execute<{ owed: string }>(sql`
    select coalesce(sum(e.amount_pence), 0)::text as owed from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
     where a.kind = 'guest_receivable' and a.party_id = ${userId}`);
  return Number(result.rows[0]?.owed ?? 0);
}

describe("the tenant saves the card their monthly rent is collected with, against the local Stripe server", () => {
  it("answers the SetupIntent and Stripe.js's key, reads the card saved once Stripe has it, and opens a new one to replace it", async () => {
    setToday("2026-06-01");
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerMonth: "1400.00" });
    const tenant = await signedInUser(t.db, server.baseUrl);
    const created = await tenant.client.post("/api/bookings", {
      propertyId: property.id,
      checkIn: "2026-06-20",
      checkOut: addDays("2026-06-20", 200),
      guestCount: 1,
      guestInfo: { firstName: "Tess", lastName: "Tenant", email: tenant.user.email },
      asTenancy: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bookingId = (created.body as { id: number }).id;
    const read = () => tenant.client.get(`/api/bookings/${bookingId}/tenancy`);
    expect((await read()).body).toMatchObject({ demo: false, cardSaved: false, agreed: false });
    // With card payments on, the tenant is not asked to pay (the saved card pays the first month once agreed), and
    // the request waits for its landlord's answer, not for a payment.
    expect((await tenant.client.get(`/api/bookings/${bookingId}`)).body).toMatchObject({ canPay: false });
    const listed = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(listed.find((b) => b.id === bookingId)).toMatchObject({ canAccept: true, awaitingPayment: false });

    const setup = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    expect(setup.body).toMatchObject({ bookingId, publishableKey: "pk_test_local" });
    const setupIntentId = setup.body.setupIntentId as string;
    const atStripe = stripe.api.savedCards.setupIntents.get(setupIntentId);
    expect(atStripe).toMatchObject({ usage: "off_session", client_secret: setup.body.clientSecret });
    expect(stripe.api.savedCards.customers.get(String(atStripe?.customer))).toMatchObject({
      email: tenant.user.email,
    });
    // Asked again before the card is saved (the tenant reopened the form): the same SetupIntent.
    const again = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(again.body.setupIntentId).toBe(setupIntentId);
    expect((await read()).body.cardSaved).toBe(false);

    // Stripe.js confirms the SetupIntent with Stripe, not with the app: the next read finds the card.
    const card = stripe.api.savedCards.confirmSetupIntent(setupIntentId);
    expect((await read()).body.cardSaved).toBe(true);
    const [row] = await t.db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId));
    expect(row?.paymentMethodId).toBe(card);
    const seenByLandlord = await owner.client.get(`/api/bookings/${bookingId}/tenancy`);
    expect(seenByLandlord.body.cardSaved).toBe(true);

    // Asked again with a card saved, it is a replacement: a second SetupIntent; the saved card stays until it succeeds.
    const replacement = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(replacement.status).toBe(200);
    expect(replacement.body.setupIntentId).not.toBe(setupIntentId);
    expect(stripe.api.calls.filter((c) => c.method === "POST" && c.path === "/v1/setup_intents")).toHaveLength(2);
    expect((await read()).body.cardSaved).toBe(true);
    const [kept] = await t.db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId));
    expect(kept?.paymentMethodId).toBe(card);
  });

  it("collects nothing from a tenancy agreed before any card was saved until its tenant saves one; the retry then takes the rent", async () => {
    // A fixed term converted to a periodic tenancy (paid by card, so not demo money), agreed with no card saved.
    setToday("2026-07-01");
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerMonth: "1200.00" });
    const tenant = await signedInUser(t.db, server.baseUrl);
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      guestId: tenant.user.id,
      checkIn: "2026-03-01",
      checkOut: "2026-07-01",
      status: "confirmed",
      stayMode: "tenancy",
    });
    const [tenancy] = await t.db
      .insert(tenancies)
      .values({
        bookingId: booking.id,
        startsOn: "2026-03-01",
        monthlyRentPence: 120000,
        formerFixedTermCheckOut: "2026-07-01",
        demo: false,
        agreedAt: new Date("2026-03-01T09:00:00Z"),
      })
      .returning();
    if (!tenancy) throw new Error("no tenancy");
    const owedBefore = await owedBy(tenant.user.id);

    const offSessionBefore = stripe.api.savedCards.offSessionIntents.length;
    expect(await server.app.services.tenancies.collectDue()).toEqual({ collected: 0, failed: 1 });
    const rentOf = async () =>
      t.db
        .select()
        .from(rentPayments)
        .where(and(eq(rentPayments.tenancyId, tenancy.id), eq(rentPayments.periodStart, "2026-07-01")));
    expect((await rentOf())[0]).toMatchObject({
      status: "due",
      attempts: 1,
      nextAttemptOn: "2026-07-02",
      paymentIntentId: null,
    });
    expect((await rentOf())[0]?.lastError).toMatch(/no card is saved for the rent yet/);
    // Owed, not collected: nothing was charged and nothing is recorded as paid.
    expect(stripe.api.savedCards.offSessionIntents).toHaveLength(offSessionBefore);
    expect(await owedBy(tenant.user.id)).toBe(owedBefore + 120000);
    const letters = await t.db
      .select({ to: outgoingMessages.recipient, text: outgoingMessages.body })
      .from(outgoingMessages)
      .where(sql`${outgoingMessages.subject} like 'Rent not collected%'`);
    expect(letters.map((l) => l.to).sort()).toEqual([owner.user.email, tenant.user.email].sort());
    expect(letters[0]?.text).toMatch(/saves one from My Bookings/);

    const setup = await tenant.client.post(`/api/bookings/${booking.id}/tenancy/card`, {});
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    stripe.api.savedCards.confirmSetupIntent(setup.body.setupIntentId as string);

    setToday("2026-07-02");
    expect(await server.app.services.tenancies.collectDue()).toEqual({ collected: 1, failed: 0 });
    expect((await rentOf())[0]).toMatchObject({ status: "paid", attempts: 2 });
    expect(stripe.api.savedCards.offSessionIntents.slice(offSessionBefore).map((i) => [i.amount, i.status])).toEqual([
      [120000, "succeeded"],
    ]);
    expect(await owedBy(tenant.user.id)).toBe(owedBefore);
  });
});
