import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookingReference } from "../../common/schemas/bookings";
import { bookings, outgoingMessages, properties } from "../../server/db/schema";
import { percentOf } from "../../server/lib/figures";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { acceptStatementOfTerms } from "../support/statement-of-terms";
import { setUpTestApp } from "../support/test-context";

/**
 * A periodic tenancy's booking holds its home's calendar about two years ahead, but the landlord's figures count only
 * its real nights (decision 038). One landlord, three homes listed since 1 January 2026, "today" Wednesday 3 June 2026:
 * - Open: a periodic tenancy from 5 May 2026, no notice. The rent period due is 5 May to 4 June: 31 nights count.
 * - Ending: a periodic tenancy from 10 May 2026; notice given on 3 June ends it on 9 August: 92 nights count
 *   (22 in May, 30 in June, 31 in July, 9 in August).
 * - Flat: an ordinary stay, 10 to 13 June: 3 nights.
 * The 8 occupancy weeks are 13 April to 7 June (this week's Monday is 1 June).
 */
let clock = new Date("2026-05-01T09:00:00Z");
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock });
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};

const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const LISTED = new Date("2026-01-01T12:00:00Z");

/** A tenancy asked for through the API from `checkIn`, agreed by the landlord: its booking id. */
async function agreedTenancy(owner: HttpClient, propertyId: number, checkIn: string) {
  const tenant = await signedInUser(t.db, server.baseUrl);
  const asked = await tenant.client.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 214),
    guestCount: 1,
    guestInfo,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const { id, nights } = asked.body as { id: number; nights: number };
  // Asked for, it counts its first month (each tenancy here begins in May: 31 nights), not its calendar hold.
  expect(nights).toBe(31);
  await acceptStatementOfTerms(tenant.client, id);
  const accepted = await owner.post(`/api/bookings/${id}/accept`, {});
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { id, tenant: tenant.client };
}

async function read<T>(client: HttpClient, path: string): Promise<T> {
  const response = await client.get(path);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body as T;
}

type Occupancy = {
  monthlyRate: number;
  bookedNights: number;
  totalNights: number;
  avgStayDuration: number;
  properties: { id: number; bookedNights: number; totalNights: number }[];
};

describe("a periodic tenancy in the landlord's figures", () => {
  it("counts its nights up to the rent period due, or its agreed end once notice is given, beside an ordinary stay", async () => {
    setToday("2026-05-01");
    const landlord = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: true,
    });
    const home = (title: string) =>
      createProperty(t.db, { ownerId: landlord.user.id, pricePerMonth: "2000.00", title, createdAt: LISTED });
    const [open, ending, flat] = [await home("Open"), await home("Ending"), await home("Flat")];
    const openTenancy = await agreedTenancy(landlord.client, open.id, "2026-05-05");
    const endingTenancy = await agreedTenancy(landlord.client, ending.id, "2026-05-10");

    setToday("2026-06-03");
    const stay = await createBooking(t.db, {
      propertyId: flat.id,
      checkIn: "2026-06-10",
      checkOut: "2026-06-13",
      status: "confirmed",
    });
    const notice = await endingTenancy.tenant.post(`/api/bookings/${endingTenancy.id}/tenancy/notice`, {
      endsOn: "2026-08-09",
    });
    expect(notice.status, JSON.stringify(notice.body)).toBe(200);
    // The open tenancy's booking still holds its calendar far ahead: the figures must not count that hold.
    const [held] = await t.db
      .select({ checkOut: bookings.checkOut })
      .from(bookings)
      .where(eq(bookings.id, openTenancy.id));
    expect(held?.checkOut && held.checkOut > "2028-01-01").toBe(true);

    // Its letters (asked for, confirmed, the landlord's duties) give the rent by the month, not the hold's end.
    const reference = bookingReference(openTenancy.id);
    const letters = await t.db
      .select({ subject: outgoingMessages.subject, body: outgoingMessages.body })
      .from(outgoingMessages)
      .where(like(outgoingMessages.subject, `%${reference}%`));
    const stayLetters = letters.filter(
      ({ subject }) =>
        [`New booking request ${reference}`, `Your stay is confirmed: ${reference}`].includes(subject) ||
        subject.startsWith(`Tenancy ${reference}:`),
    );
    expect(stayLetters).toHaveLength(3);
    for (const { body } of stayLetters) {
      expect(body).toContain(
        "a periodic tenancy from 5 May 2026 until notice is given (rent monthly, no fixed term; the tenant can leave on two months' notice), 1 guest, £2000.00 a month",
      );
      expect(body).not.toContain(" nights, ");
    }

    // The landlord's bookings: each stay's nights, which Nights Booked adds up.
    const list = await read<{ id: number; nights: number }[]>(landlord.client, "/api/bookings/landlord-bookings");
    const nightsOf = new Map(list.map((b) => [b.id, b.nights]));
    expect(nightsOf.get(openTenancy.id)).toBe(31);
    expect(nightsOf.get(endingTenancy.id)).toBe(92);
    expect(nightsOf.get(stay.id)).toBe(3);

    // One booking, as its tenant and the admin see it.
    const one = await read<{ nights: number }>(openTenancy.tenant, `/api/bookings/${openTenancy.id}`);
    expect(one.nights).toBe(31);
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const adminList = await read<{ id: number; nights: number }[]>(admin.client, "/api/admin/bookings?pageSize=50");
    expect(adminList.find((b) => b.id === openTenancy.id)?.nights).toBe(31);

    // June: the open tenancy's first 4 nights (to the end of its rent period), the ending one's 30, the flat's 3.
    const occupancy = await read<Occupancy>(landlord.client, "/api/analytics/occupancy");
    expect(occupancy.monthlyRate).toBe(percentOf(4 + 30 + 3, 90));
    // The 8 weeks to 7 June: the open tenancy from 5 May to 4 June (31), the ending one from 10 May to 7 June (29).
    const weeks = new Map(occupancy.properties.map((p) => [p.id, p]));
    expect(weeks.get(open.id)).toMatchObject({ bookedNights: 31, totalNights: 56 });
    expect(weeks.get(ending.id)).toMatchObject({ bookedNights: 29, totalNights: 56 });
    expect(weeks.get(flat.id)).toMatchObject({ bookedNights: 0, totalNights: 56 });
    expect(occupancy).toMatchObject({ bookedNights: 60, totalNights: 168 });
    // Stays sharing a night with the 8 weeks: the two tenancies, at their counted lengths.
    expect(occupancy.avgStayDuration).toBe((31 + 92) / 2);

    const summary = await read<{ occupancyRate: number }>(landlord.client, "/api/analytics/landlord");
    expect(summary.occupancyRate).toBe(percentOf(37, 90));
    const cards = await read<{ id: number; occupancyRate: number }[]>(landlord.client, "/api/properties/my-properties");
    expect(cards.find((c) => c.id === open.id)?.occupancyRate).toBe(percentOf(4, 30));

    // The revenue list's nights (and so its price per night) are the counted ones too.
    const revenue = await read<{ transactions: { id: number; nights: number }[] }>(
      landlord.client,
      "/api/analytics/revenue",
    );
    expect(revenue.transactions.find((r) => r.id === openTenancy.id)?.nights).toBe(31);

    // The manager of the open tenancy's home: its nights on their bookings list, its occupancy on their card.
    const manager = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
    const assigned = await landlord.client.request("PUT", `/api/properties/${open.id}/manager`, {
      email: manager.user.email,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const managed = await read<{ id: number; nights: number }[]>(
      manager.client,
      "/api/bookings/managed-properties?when=all",
    );
    expect(managed.map((b) => [b.id, b.nights])).toEqual([[openTenancy.id, 31]]);
    const managedCards = await read<{ id: number; occupancyRate: number }[]>(manager.client, "/api/properties/managed");
    expect(managedCards.find((c) => c.id === open.id)?.occupancyRate).toBe(percentOf(4, 30));

    // Once the next period falls due (5 June), its nights count: the open tenancy runs to 4 July.
    setToday("2026-06-05");
    const later = await read<{ id: number; nights: number }[]>(landlord.client, "/api/bookings/landlord-bookings");
    expect(later.find((b) => b.id === openTenancy.id)?.nights).toBe(61);
    expect(later.find((b) => b.id === endingTenancy.id)?.nights).toBe(92);
  });
});

describe("a tenancy deposit's cap", () => {
  it("is weeks of the rent the tenancy was agreed at, not the rent the listing advertises now", async () => {
    setToday("2026-05-01");
    const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const home = await createProperty(t.db, { ownerId: landlord.user.id, pricePerMonth: "2000.00" });
    const tenancy = await agreedTenancy(landlord.client, home.id, "2026-05-05");
    // The landlord advertises the home at more since; the tenancy's rent stays £2,000 a month.
    await t.db.update(properties).set({ pricePerMonth: "3000.00" }).where(eq(properties.id, home.id));
    // Booked on the app's 1 May (the database's own clock stamped the row with today's date).
    await t.db.update(bookings).set({ createdAt: clock }).where(eq(bookings.id, tenancy.id));

    setToday("2026-05-06");
    const path = `/api/bookings/${tenancy.id}/deposit`;
    const record = (amount: string) =>
      landlord.client.request("PUT", path, {
        amount,
        receivedOn: "2026-05-05",
        scheme: "dps",
        certificateNumber: "DPS-7654321",
        protectedOn: "2026-05-06",
      });
    // £2,000 a month: five weeks' rent is £2,307.69 (at £3,000 it would be £3,461.53).
    const above = await record("2307.70");
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(
      "The deposit can be at most £2,307.69: five weeks' rent at £2,000 a month (Tenant Fees Act 2019, Schedule 1, paragraph 2).",
    );
    const within = await record("2307.69");
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body).toMatchObject({ amountPence: 230_769, state: "protected" });
  });
});
