import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { poundsToPence } from "../../common/domain/pricing";
import { bookingReference } from "../../common/schemas/bookings";
import { outgoingMessages, rentIncreases, tenancies } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { requestStay } from "../support/book-stay";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { acceptStatementOfTerms } from "../support/statement-of-terms";
import { setUpTestApp } from "../support/test-context";

/**
 * The landlord's Booked Revenue counts a periodic tenancy's rent for the nights its Nights Booked counts (decision
 * 038), not only the first month its booking was charged. One landlord, listed since 1 January 2026:
 * - Open: a periodic tenancy from 5 May 2026 at £2,000 a month, no notice; a Section 13 increase to £2,150 from
 *   5 July 2026.
 * - Ending: a periodic tenancy from 10 May 2026 at £2,000; notice given on 3 June ends it on 9 August.
 * - Flat: a short let of 3 nights from 20 May, with the guest's service fee.
 */
let clock = new Date("2026-05-01T09:00:00Z");
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock });
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};

const LISTED = new Date("2026-01-01T12:00:00Z");

type Listed = { id: number; status: string; nights: number; bookedRevenuePence: number };

/** A periodic tenancy asked for from `checkIn` through the API and agreed by the landlord: its booking id and tenant. */
async function tenancyAgreed(landlord: HttpClient, propertyId: number, checkIn: string) {
  const { client: tenant } = await signedInUser(t.db, server.baseUrl);
  const { id } = await requestStay(tenant, propertyId, checkIn, 214);
  await acceptStatementOfTerms(tenant, id);
  const agreed = await landlord.post(`/api/bookings/${id}/accept`, {});
  expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
  return { id, tenant };
}

/** What the ledger holds as charged to a booking for its landlord (each rent period's due posting, or a stay's). */
async function ledgerEarnings(bookingId: number): Promise<number> {
  const result = await t.db.execute<{ pence: number }>(sql`
    select coalesce(-sum(e.amount_pence), 0)::int as pence
    from ledger_transactions tr
    join ledger_entries e on e.transaction_id = tr.id
    join ledger_accounts a on a.id = e.account_id
    where tr.booking_id = ${bookingId} and tr.kind = 'booking_charge' and a.kind = 'earnings_held'`);
  return result.rows[0]?.pence ?? Number.NaN;
}

async function landlordList(landlord: HttpClient): Promise<Map<number, Listed>> {
  const response = await landlord.get("/api/bookings/landlord-bookings");
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new Map((response.body as unknown as Listed[]).map((b) => [b.id, b]));
}

describe("Booked Revenue on the landlord's bookings", () => {
  it("counts a periodic tenancy's rent for each period due, or to its last day once notice is given, at the rent in force, beside a short let", async () => {
    setToday("2026-05-01");
    const { client: landlord, user } = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: true,
    });
    const home = (title: string) =>
      createProperty(t.db, {
        ownerId: user.id,
        pricePerMonth: "2000.00",
        pricePerNight: "120.00",
        title,
        createdAt: LISTED,
      });
    const [open, ending, flat] = [await home("Open"), await home("Ending"), await home("Flat")];
    const openTenancy = await tenancyAgreed(landlord, open.id, "2026-05-05");
    const endingTenancy = await tenancyAgreed(landlord, ending.id, "2026-05-10");
    // Written straight in: the law allows a first increase only a year on, but the figure must follow whatever rent is
    // in force for a period, as the rent collection does.
    await t.db.insert(rentIncreases).values({
      bookingId: openTenancy.id,
      proposedBy: user.id,
      previousMonthlyRentPence: 200_000,
      monthlyRentPence: 215_000,
      startsOn: "2026-07-05",
      servedOn: "2026-05-01",
      noticePdf: Buffer.from("%PDF-1.3 notice"),
      noticeSha256: "0".repeat(64),
    });
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    const stay = await requestStay(guest, flat.id, "2026-05-20", 3);
    const accepted = await landlord.post(`/api/bookings/${stay.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const { totalPrice, serviceFee } = accepted.body as { totalPrice: string; serviceFee: string };
    const stayPence = poundsToPence(Number(totalPrice)) - poundsToPence(Number(serviceFee));
    expect(Number(serviceFee)).toBeGreaterThan(0);

    // Agreed: each tenancy's first month, the short let's total less the guest's fee, as the ledger has them.
    let list = await landlordList(landlord);
    expect(list.get(openTenancy.id)).toMatchObject({ nights: 31, bookedRevenuePence: 200_000 });
    expect(list.get(endingTenancy.id)).toMatchObject({ nights: 31, bookedRevenuePence: 200_000 });
    expect(list.get(stay.id)).toMatchObject({ nights: 3, bookedRevenuePence: stayPence });
    for (const id of [openTenancy.id, endingTenancy.id, stay.id]) {
      expect(list.get(id)?.bookedRevenuePence).toBe(await ledgerEarnings(id));
    }

    // Their confirmation letters: the tenant's says the first month was taken and the tenancy ends by notice; the
    // short let's guest may cancel under the policy.
    const confirmation = async (id: number) => {
      const rows = await t.db
        .select({ body: outgoingMessages.body })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.subject, `Your stay is confirmed: ${bookingReference(id)}`));
      expect(rows).toHaveLength(1);
      return rows[0]?.body ?? "";
    };
    const tenantLetter = await confirmation(openTenancy.id);
    expect(tenantLetter).toContain(
      "Your first month's rent, £2000.00, was taken when your landlord agreed the tenancy (demo money: no card was charged).",
    );
    expect(tenantLetter).toContain(
      "The tenant can leave on two months' notice. To end your tenancy, give notice from My Bookings",
    );
    expect(tenantLetter).not.toContain("cancellation policy");
    expect(await confirmation(stay.id)).toContain(
      "You can cancel from My Bookings; the property's cancellation policy sets the refund.",
    );

    // 3 June, both still in their first month: notice on Ending fixes its last day, 9 August, and so its rent to then.
    setToday("2026-06-03");
    const notice = await endingTenancy.tenant.post(`/api/bookings/${endingTenancy.id}/tenancy/notice`, {
      endsOn: "2026-08-09",
    });
    expect(notice.status, JSON.stringify(notice.body)).toBe(200);
    await server.app.services.tenancies.collectDue();
    list = await landlordList(landlord);
    expect(list.get(openTenancy.id)).toMatchObject({ nights: 31, bookedRevenuePence: 200_000 });
    expect(await ledgerEarnings(openTenancy.id)).toBe(200_000);
    // Three periods to 9 August (92 nights); the ledger has the first, the others fall due on 10 June and 10 July.
    expect(list.get(endingTenancy.id)).toMatchObject({ nights: 92, bookedRevenuePence: 600_000 });
    expect(await ledgerEarnings(endingTenancy.id)).toBe(200_000);

    // 5 July, before the rent job has run: the new period counts at the increased rent, as the job then charges it.
    setToday("2026-07-05");
    list = await landlordList(landlord);
    expect(list.get(openTenancy.id)).toMatchObject({ nights: 92, bookedRevenuePence: 615_000 });
    await server.app.services.tenancies.collectDue();
    expect(await ledgerEarnings(openTenancy.id)).toBe(615_000);

    // 4 August, three months in: every figure is the rent the ledger says was due.
    setToday("2026-08-04");
    await server.app.services.tenancies.collectDue();
    list = await landlordList(landlord);
    expect(list.get(openTenancy.id)).toMatchObject({ nights: 92, bookedRevenuePence: 615_000 });
    expect(list.get(endingTenancy.id)).toMatchObject({ nights: 92, bookedRevenuePence: 600_000 });
    expect(list.get(stay.id)?.bookedRevenuePence).toBe(stayPence);
    for (const id of [openTenancy.id, endingTenancy.id, stay.id]) {
      expect(list.get(id)?.bookedRevenuePence).toBe(await ledgerEarnings(id));
    }
    // The landlord's analytics read the ledger, so its total revenue agrees with the bookings page's sum.
    const summary = await landlord.get("/api/analytics/landlord");
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(poundsToPence((summary.body as { totalRevenue: number }).totalRevenue)).toBe(615_000 + 600_000 + stayPence);

    // Past its last day nothing more is counted, however long the job goes on.
    setToday(addDays("2026-08-09", 40));
    await server.app.services.tenancies.collectDue();
    list = await landlordList(landlord);
    expect(list.get(endingTenancy.id)?.bookedRevenuePence).toBe(600_000);
    expect(await ledgerEarnings(endingTenancy.id)).toBe(600_000);
  });

  it("counts a tenancy converted from a fixed term as its booking's total, then the rent of each period from its old check-out", async () => {
    // As migration 0056 left it: a six-month fixed term from 10 January 2026, charged whole, running on periodically
    // from its old check-out, 10 July, at £2,000 a month.
    setToday("2026-08-04");
    const { client: landlord, user } = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: true,
    });
    const home = await createProperty(t.db, { ownerId: user.id, pricePerMonth: "2000.00", createdAt: LISTED });
    const booking = await createBooking(t.db, {
      propertyId: home.id,
      checkIn: "2026-01-10",
      checkOut: "2028-01-10",
      status: "confirmed",
      stayMode: "tenancy",
      totalPrice: "12000.00",
    });
    await t.db.insert(tenancies).values({
      bookingId: booking.id,
      startsOn: "2026-01-10",
      monthlyRentPence: 200_000,
      formerFixedTermCheckOut: "2026-07-10",
      demo: true,
      agreedAt: new Date("2026-01-05T12:00:00Z"),
    });
    await server.app.services.tenancies.collectDue();
    // The fixed term's £12,000 and the period from 10 July, the only one collected since: to 9 August, 212 nights.
    const list = await landlordList(landlord);
    expect(list.get(booking.id)).toMatchObject({ nights: 212, bookedRevenuePence: 1_400_000 });
    expect(await ledgerEarnings(booking.id)).toBe(1_400_000);
  });
});
