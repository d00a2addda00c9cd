import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { outgoingMessages, rentPayments, tenancies } from "../../server/db/schema";
import { createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { acceptStatementOfTerms } from "../support/statement-of-terms";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/** The clock the app reads "today" from, moved month by month. */
let clock = new Date("2026-06-01T09:00:00Z");
const stripe = setUpStripeTestApp("whsec_tenancy_rent", { now: () => clock });
const { t, server } = stripe;
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};
const collect = () => server.app.services.tenancies.collectDue();

describe("monthly rent from the saved card, against the local Stripe server", () => {
  it("takes nothing before agreement, the first month when agreed, then each month off-session once; a declined month is retried and recovered; the ledger balances", async () => {
    setToday("2026-06-01");
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerMonth: "1850.50" });
    const tenant = await signedInUser(t.db, server.baseUrl);
    const created = await tenant.client.post("/api/bookings", {
      propertyId: property.id,
      checkIn: "2026-06-15",
      checkOut: addDays("2026-06-15", 200),
      guestCount: 1,
      guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      asTenancy: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bookingId = (created.body as { id: number }).id;

    // Nothing is charged before the tenancy is agreed: no card payment can even be started.
    const early = await tenant.client.post("/api/create-payment-intent", { bookingId });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Nothing is paid for a tenancy before the landlord agrees it/);
    // Nor can the landlord agree before the tenant has accepted the statement of terms and saved a card.
    await acceptStatementOfTerms(tenant.client, bookingId);
    const unsaved = await owner.client.post(`/api/bookings/${bookingId}/accept`, {});
    expect(unsaved.status).toBe(409);
    expect(unsaved.body.message).toMatch(/has not saved the card/);

    const setup = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    expect(setup.body.clientSecret).toMatch(/^seti_\w+_secret_/);
    // Only the tenant saves the card.
    expect((await owner.client.post(`/api/bookings/${bookingId}/tenancy/card`, {})).status).toBe(403);
    // The tenant confirms the SetupIntent in the browser, as Stripe.js would.
    stripe.api.savedCards.confirmSetupIntent(setup.body.setupIntentId as string);
    expect(stripe.api.savedCards.offSessionIntents).toHaveLength(0);

    const accepted = await owner.client.post(`/api/bookings/${bookingId}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(stripe.api.savedCards.offSessionIntents.map((i) => [i.amount, i.status])).toEqual([[185050, "succeeded"]]);

    // Month two: collected on its day, once however often the job runs.
    setToday("2026-07-15");
    expect(await collect()).toEqual({ collected: 1, failed: 0 });
    expect(await collect()).toEqual({ collected: 0, failed: 0 });

    // Month three: declined on its day, tried again the next day and recovered.
    stripe.api.savedCards.declineNextOffSessionPayments(1);
    setToday("2026-08-15");
    expect(await collect()).toEqual({ collected: 0, failed: 1 });
    const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId));
    if (!tenancy) throw new Error("no tenancy");
    const failed = await t.db.select().from(rentPayments).where(eq(rentPayments.periodStart, "2026-08-15"));
    expect(failed.filter((r) => r.tenancyId === tenancy.id)[0]).toMatchObject({
      status: "due",
      attempts: 1,
      nextAttemptOn: "2026-08-16",
      lastError: "Your card has insufficient funds.",
    });
    expect(await collect()).toEqual({ collected: 0, failed: 0 });
    setToday("2026-08-16");
    expect(await collect()).toEqual({ collected: 1, failed: 0 });

    const rows = await t.db.select().from(rentPayments).where(eq(rentPayments.tenancyId, tenancy.id));
    expect(rows.map((r) => [r.periodStart, r.status, r.amountPence])).toEqual([
      ["2026-06-15", "paid", 185050],
      ["2026-07-15", "paid", 185050],
      ["2026-08-15", "paid", 185050],
    ]);

    // Every charge went to Stripe off-session and confirmed, each try under its own key.
    const charges = stripe.api.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents");
    expect(charges).toHaveLength(4);
    for (const call of charges) {
      expect(call.form).toMatchObject({ off_session: "true", confirm: "true", amount: "185050", currency: "gbp" });
    }
    expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(4);
    expect(stripe.api.savedCards.offSessionIntents.map((i) => i.status)).toEqual([
      "succeeded",
      "succeeded",
      "requires_payment_method",
      "succeeded",
    ]);

    // The ledger: every transaction balances, the whole ledger sums to zero, and the tenant owes nothing now.
    const total = await t.db.execute<{ total: string }>(
      sql`select coalesce(sum(amount_pence), 0)::text as total from ledger_entries`,
    );
    expect(total.rows[0]?.total).toBe("0");
    const owed = await t.db.execute<{ owed: string }>(sql`
      select coalesce(sum(e.amount_pence), 0)::text as owed from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
       where a.kind = 'guest_receivable' and a.party_id = ${tenant.user.id}`);
    expect(owed.rows[0]?.owed).toBe("0");
    const earned = await t.db.execute<{ earned: string }>(sql`
      select coalesce(sum(e.amount_pence), 0)::text as earned from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
       where a.kind = 'earnings_held' and a.party_id = ${owner.user.id}`);
    expect(earned.rows[0]?.earned).toBe(String(-185050 * 3));

    // Both sides heard of the missed rent, and of each collected one, through the outbox.
    const letters = await t.db
      .select({ to: outgoingMessages.recipient, subject: outgoingMessages.subject })
      .from(outgoingMessages)
      .where(sql`${outgoingMessages.subject} like 'Rent%'`);
    const missed = letters.filter((l) => l.subject.startsWith("Rent not collected")).map((l) => l.to);
    expect(missed.sort()).toEqual([owner.user.email, tenant.user.email].sort());
    expect(letters.filter((l) => l.subject.startsWith("Rent received"))).toHaveLength(6);
  });
});
