import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles";
import type { TPlatformAnalytics } from "../../common/schemas/platform-analytics";
import { bookings, type users } from "../../server/db/schema";
import { postCardPayment, postStayConfirmed, postStayRefund } from "../../server/services/money/booking-ledger";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * GET /api/admin/analytics against a small fixed data set, every figure worked out by hand below.
 *
 * "Today" is fixed: 2026-06-10 09:00 UTC is Wednesday 10 June 2026, 10:00 in London (BST, UTC+1).
 * The periods (first and last day included) and the previous periods:
 * - 1m: the 30 days 2026-05-12 … 2026-06-10, by day.            Previous: 2026-04-12 … 2026-05-11.
 * - 3m: the 13 weeks w/c 2026-03-16 … w/c 2026-06-08 (to 06-14).  Previous: 2025-12-15 … 2026-03-15.
 * - 6m: January … June 2026.                                      Previous: July … December 2025.
 * - 1y: July 2025 … June 2026.                                    Previous: July 2024 … June 2025.
 *
 * Accounts (role; created_at in UTC → the London date that counts)
 *   base   admin (signed in), landlords L1 and L2, guest G: 2020-01-01, outside every period
 *   u1  guest             2026-06-10 08:00 → 06-10
 *   u2  guest             2026-06-09 23:30 → 06-10 (00:30 BST: already the 10th in London)
 *   u3  landlord          2026-05-12 00:10 → 05-12 (1m's first day)
 *   u4  guest             2026-05-11 22:59 → 05-11 (23:59 BST: 1m's previous period; 3m w/c 05-11)
 *   u5  property_manager  2026-04-12 10:00 → 04-12 (Sunday: 1m's previous first day; 3m w/c 04-06)
 *   u6  contractor        2026-04-11 10:00 → 04-11 (frozen: still an account of its role; 3m w/c 04-06)
 *   u7  guest             2026-03-15 12:00 → 03-15 (Sunday, GMT: 3m's previous period, w/c 03-09)
 *   u8  guest             2026-03-16 00:30 → 03-16 (Monday: 3m's first week)
 *   u9  guest             2025-12-31 23:30 → 2025-12-31 (GMT; 3m's previous, w/c 2025-12-29)
 *   u10 landlord          2025-07-01 00:30 → 2025-07-01
 *   u11 guest             2025-06-30 23:30 → 2025-07-01 (00:30 BST)
 *   u12 guest             2024-07-01 12:00 → 2024-07-01
 *   u13 admin             2024-06-30 12:00 → 2024-06-30, before every period
 *
 * Sign-ups
 * - 1m: 05-12 u3 = 1, 06-10 u1 u2 = 2; 3 in all. Previous: u4, u5 = 2. Growth (3 − 2) / 2 = 50.0.
 * - 3m: w/c 03-16 u8 = 1, 04-06 u5 u6 = 2, 05-11 u3 u4 = 2, 06-08 u1 u2 = 2; 7. Previous: u7, u9 = 2. Growth 250.0.
 * - 6m: March u7 u8, April u5 u6, May u3 u4, June u1 u2 = 2 each; 8. Previous: u9, u10, u11 = 3. 5 / 3 → 166.7.
 * - 1y: July 2025 u10 u11 = 2, December u9 = 1, then 2 each March … June; 11. Previous: u12 = 1. Growth 1000.0.
 *
 * Properties (city; owner): Camden, Westminster (L1); Hackney, Manchester (deactivated: its bookings still count),
 * Greenwich, Islington, Lambeth, Southwark, Wandsworth, Bristol, Leeds (L2). Bookings, all by G:
 *   r1  Camden       confirmed  2026-06-10 → 06-12   £200.00
 *   r2  Westminster  completed  2026-05-12 → 05-15   £333.33
 *   r3  Camden       completed  2026-05-20 → 05-22   £150.50
 *   r4  Hackney      pending    2026-05-25 → 05-27   £999.00  (never counts)
 *   r5  Hackney      cancelled  2026-06-01 → 06-03   £888.00  (never counts)
 *   r6  Westminster  confirmed  2026-06-11 → 06-13   £400.00  (tomorrow: not in 1m; in 3m and 6m)
 *   r7  Manchester   completed  2026-05-11 → 05-13   £100.00
 *   r8  Hackney      completed  2026-04-12 → 04-14   £250.00
 *   r9  Hackney      completed  2026-04-11 → 04-12    £75.00
 *   r10 Camden       completed  2026-03-15 → 03-17   £120.00
 *   r11 Westminster  completed  2026-03-16 → 03-18   £180.00
 *   r12 Camden       confirmed  2026-06-29 → 07-02   £500.00  (later this month: 6m and 1y only)
 *   r13 Westminster  confirmed  2026-07-01 → 07-03   £700.00  (after every period)
 *   r14 Manchester   completed  2025-12-31 → 01-02    £90.00
 *   r15 Hackney      completed  2025-07-01 → 07-05   £410.00
 *   r16 Camden       completed  2025-06-30 → 07-01    £60.00
 *   r17 Camden       completed  2024-07-01 → 07-03    £40.00
 *   r18 Westminster  completed  2024-06-30 → 07-01 £1,000.00  (before every period)
 *   August 2025, completed: Greenwich £15.00 (08-10) and £15.00 (08-20), Islington £30.00, Lambeth £30.00,
 *   Southwark £25.00, Wandsworth £20.00, Bristol £12.00, Leeds £11.00: 8 bookings, £158.00.
 *
 * Revenue (check-in date), read from the ledger: the factory records each confirmed and completed stay's charge as
 * accepting it in demo mode would (no service fee here), so every pound below is demo money and the platform's fees
 * are £0. How refunds, card payments and fees move the figures is the next describe's.
 * - 1m: 05-12 r2 333.33, 05-20 r3 150.50, 06-10 r1 200; £683.83, 3 bookings. Previous: r7 100 + r8 250 = £350.
 *   Growth 333.83 / 350 = 95.38… → 95.4. Cities: Camden 350.50 (2), Westminster 333.33 (1).
 * - 3m: w/c 03-16 r11 180; 04-06 r9 75 + r8 250 = 325; 05-11 r7 100 + r2 333.33 = 433.33; 05-18 r3 150.50;
 *   06-08 r1 200 + r6 400 = 600. £1,688.83, 8 bookings. Previous: r10 120 + r14 90 = £210.
 *   Growth 1478.83 / 210 = 704.20… → 704.2. Cities: Westminster 913.33 (3), Camden 350.50 (2), Hackney 325 (2),
 *   Manchester 100 (1).
 * - 6m: January 0, February 0, March 300 (2), April 325 (2), May 583.83 (3), June 200 + 400 + 500 = 1100 (3);
 *   £2,308.83, 10 bookings. Previous: r15 410 + August 158 + r14 90 = £658. Growth 1650.83 / 658 = 250.88… → 250.9.
 *   Cities: Camden 970.50 (4), Westminster 913.33 (3), Hackney 325 (2), Manchester 100 (1).
 * - 1y: July 2025 410 (1), August 158 (8), December 90 (1), then as 6m; £2,966.83, 20 bookings.
 *   Previous: r17 40 + r16 60 = £100. Growth 2866.83 → 2866.8. Cities (top 10 of 11; Leeds is 11th): Camden 970.50
 *   (4), Westminster 913.33 (3), Hackney 735 (3), Manchester 190 (2), Greenwich 30 (2: more bookings wins the tie),
 *   Islington 30 (1) and Lambeth 30 (1) (by name), Southwark 25, Wandsworth 20, Bristol 12.
 *
 * Roles (17 accounts): guest G u1 u2 u4 u7 u8 u9 u11 u12 = 9 (52.9%); landlord L1 L2 u3 u10 = 4 (23.5%);
 * property_manager u5 = 1 (5.9%); contractor u6 = 1 (5.9%); admin + u13 = 2 (11.8%).
 */
const NOW = new Date("2026-06-10T09:00:00Z");
const LONG_AGO = new Date("2020-01-01T12:00:00Z");

type Bucket = TPlatformAnalytics["buckets"][number];
type Figures = { signUps?: number; revenue?: number; bookings?: number };

/** The period's buckets with the figures of those named (by first day) in `figures`, and 0 everywhere else. */
function expectedBuckets(
  dates: readonly { start: string; end: string; label: string }[],
  figures: Record<string, Figures>,
): Bucket[] {
  return dates.map((d) => {
    const bucket = { ...d, signUps: 0, revenue: 0, bookings: 0, ...figures[d.start] };
    return { ...bucket, settlement: demoOnly(bucket.revenue) };
  });
}
/** Every stay of the fixed data set was accepted without card payments, as demo mode does: all of it is demo money. */
const demoOnly = (pounds: number) => ({ collected: 0, expected: 0, demo: pounds });
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const dayName = (d: Date) => `${d.getUTCDate()} ${shortMonths[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
/** Consecutive runs of `length` days from `first`: the period's days (1) or weeks (7). */
function runs(first: string, count: number, length: number, prefix = "") {
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(day(first).getTime() + i * length * 86_400_000);
    const end = new Date(start.getTime() + (length - 1) * 86_400_000);
    return { start: iso(start), end: iso(end), label: `${prefix}${dayName(start)}` };
  });
}
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** `count` calendar months from `first` ("2026-01"), each from its first day to its last, named "January 2026". */
function months(first: string, count: number) {
  const [year, month] = first.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(year, month - 1 + i, 1));
    const end = new Date(Date.UTC(year, month + i, 0));
    return { start: iso(start), end: iso(end), label: `${monthNames[start.getUTCMonth()]} ${start.getUTCFullYear()}` };
  });
}

describe("platform figures on a fixed data set and clock", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });
  let admin: HttpClient;

  beforeAll(async () => {
    admin = (await signedInUser(t.db, server.baseUrl, { role: "admin", createdAt: LONG_AGO })).client;
    const account = (role: Role, createdAt: string, fields: Partial<typeof users.$inferInsert> = {}) =>
      createUser(t.db, { role, createdAt: new Date(createdAt), ...fields });
    const l1 = await account("landlord", LONG_AGO.toISOString());
    const l2 = await account("landlord", LONG_AGO.toISOString());
    const guest = await account("guest", LONG_AGO.toISOString());
    await account("guest", "2026-06-10T08:00:00Z");
    await account("guest", "2026-06-09T23:30:00Z");
    await account("landlord", "2026-05-12T00:10:00Z");
    await account("guest", "2026-05-11T22:59:00Z");
    await account("property_manager", "2026-04-12T10:00:00Z");
    await account("contractor", "2026-04-11T10:00:00Z", { isFrozen: true });
    await account("guest", "2026-03-15T12:00:00Z");
    await account("guest", "2026-03-16T00:30:00Z");
    await account("guest", "2025-12-31T23:30:00Z");
    await account("landlord", "2025-07-01T00:30:00Z");
    await account("guest", "2025-06-30T23:30:00Z");
    await account("guest", "2024-07-01T12:00:00Z");
    await account("admin", "2024-06-30T12:00:00Z");

    const place = async (city: string, ownerId: number, isActive = true) =>
      (await createProperty(t.db, { ownerId, city, isActive, createdAt: LONG_AGO })).id;
    const camden = await place("Camden", l1.id);
    const westminster = await place("Westminster", l1.id);
    const hackney = await place("Hackney", l2.id);
    const manchester = await place("Manchester", l2.id, false);
    const stay = (
      propertyId: number,
      status: "pending" | "confirmed" | "completed" | "cancelled",
      checkIn: string,
      checkOut: string,
      totalPrice: string,
    ) => createBooking(t.db, { propertyId, guestId: guest.id, status, checkIn, checkOut, totalPrice });

    await stay(camden, "confirmed", "2026-06-10", "2026-06-12", "200.00");
    await stay(westminster, "completed", "2026-05-12", "2026-05-15", "333.33");
    await stay(camden, "completed", "2026-05-20", "2026-05-22", "150.50");
    await stay(hackney, "pending", "2026-05-25", "2026-05-27", "999.00");
    await stay(hackney, "cancelled", "2026-06-01", "2026-06-03", "888.00");
    await stay(westminster, "confirmed", "2026-06-11", "2026-06-13", "400.00");
    await stay(manchester, "completed", "2026-05-11", "2026-05-13", "100.00");
    await stay(hackney, "completed", "2026-04-12", "2026-04-14", "250.00");
    await stay(hackney, "completed", "2026-04-11", "2026-04-12", "75.00");
    await stay(camden, "completed", "2026-03-15", "2026-03-17", "120.00");
    await stay(westminster, "completed", "2026-03-16", "2026-03-18", "180.00");
    await stay(camden, "confirmed", "2026-06-29", "2026-07-02", "500.00");
    await stay(westminster, "confirmed", "2026-07-01", "2026-07-03", "700.00");
    await stay(manchester, "completed", "2025-12-31", "2026-01-02", "90.00");
    await stay(hackney, "completed", "2025-07-01", "2025-07-05", "410.00");
    await stay(camden, "completed", "2025-06-30", "2025-07-01", "60.00");
    await stay(camden, "completed", "2024-07-01", "2024-07-03", "40.00");
    await stay(westminster, "completed", "2024-06-30", "2024-07-01", "1000.00");
    const greenwich = await place("Greenwich", l2.id);
    await stay(greenwich, "completed", "2025-08-10", "2025-08-12", "15.00");
    await stay(greenwich, "completed", "2025-08-20", "2025-08-22", "15.00");
    for (const [city, price] of [
      ["Islington", "30.00"],
      ["Lambeth", "30.00"],
      ["Southwark", "25.00"],
      ["Wandsworth", "20.00"],
      ["Bristol", "12.00"],
      ["Leeds", "11.00"],
    ] as const) {
      await stay(await place(city, l2.id), "completed", "2025-08-10", "2025-08-12", price);
    }
  });

  async function analytics(query: string): Promise<TPlatformAnalytics> {
    const response = await admin.get(`/api/admin/analytics${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return response.body as unknown as TPlatformAnalytics;
  }

  /** A period's totals: now, in the period before, and the growth between them in per cent. */
  const totals = (
    now: { signUps: number; revenue: number; bookings: number },
    previous: { signUps: number; revenue: number },
    growth: { signUps: number; revenue: number },
  ) => ({
    ...now,
    settlement: demoOnly(now.revenue),
    // These stays were booked without a service fee: the platform kept nothing of them.
    platformFees: 0,
    platformFeeSettlement: demoOnly(0),
    previousSignUps: previous.signUps,
    previousRevenue: previous.revenue,
    previousSettlement: demoOnly(previous.revenue),
    signUpGrowth: growth.signUps,
    revenueGrowth: growth.revenue,
  });

  /** The top cities, each as [city, bookings, revenue], in the order the answer lists them. */
  const cities = (rows: [city: string, bookings: number, revenue: number][]) =>
    rows.map(([city, bookings, revenue]) => ({ city, bookings, revenue, settlement: demoOnly(revenue) }));

  const roles = [
    { role: "guest", label: "Guest/Tenant", count: 9, percent: 52.9 },
    { role: "landlord", label: "Landlord/Owner", count: 4, percent: 23.5 },
    { role: "property_manager", label: "Property Manager", count: 1, percent: 5.9 },
    { role: "contractor", label: "Contractor/Service Provider", count: 1, percent: 5.9 },
    { role: "admin", label: "Platform Administrator", count: 2, percent: 11.8 },
  ];

  it("1 Month: the 30 days ending today, by day (and the default period)", async () => {
    const expected = {
      period: "1m",
      from: "2026-05-12",
      to: "2026-06-10",
      buckets: expectedBuckets(runs("2026-05-12", 30, 1), {
        "2026-05-12": { signUps: 1, revenue: 333.33, bookings: 1 },
        "2026-05-20": { revenue: 150.5, bookings: 1 },
        "2026-06-10": { signUps: 2, revenue: 200, bookings: 1 },
      }),
      totals: totals(
        { signUps: 3, revenue: 683.83, bookings: 3 },
        { signUps: 2, revenue: 350 },
        { signUps: 50, revenue: 95.4 },
      ),
      topCities: cities([
        ["Camden", 2, 350.5],
        ["Westminster", 1, 333.33],
      ]),
      roles,
    };
    expect(await analytics("?period=1m")).toEqual(expected);
    expect(await analytics("")).toEqual(expected);
  });

  it.each([
    {
      name: "3 Months: the 13 Monday-to-Sunday weeks ending this week, by week",
      period: "3m",
      from: "2026-03-16",
      to: "2026-06-14",
      buckets: expectedBuckets(runs("2026-03-16", 13, 7, "w/c "), {
        "2026-03-16": { signUps: 1, revenue: 180, bookings: 1 },
        "2026-04-06": { signUps: 2, revenue: 325, bookings: 2 },
        "2026-05-11": { signUps: 2, revenue: 433.33, bookings: 2 },
        "2026-05-18": { revenue: 150.5, bookings: 1 },
        "2026-06-08": { signUps: 2, revenue: 600, bookings: 2 },
      }),
      totals: totals(
        { signUps: 7, revenue: 1688.83, bookings: 8 },
        { signUps: 2, revenue: 210 },
        { signUps: 250, revenue: 704.2 },
      ),
      topCities: cities([
        ["Westminster", 3, 913.33],
        ["Camden", 2, 350.5],
        ["Hackney", 2, 325],
        ["Manchester", 1, 100],
      ]),
    },
    {
      name: "6 Months: the 6 calendar months ending this month, by month",
      period: "6m",
      from: "2026-01-01",
      to: "2026-06-30",
      buckets: expectedBuckets(months("2026-01", 6), {
        "2026-03-01": { signUps: 2, revenue: 300, bookings: 2 },
        "2026-04-01": { signUps: 2, revenue: 325, bookings: 2 },
        "2026-05-01": { signUps: 2, revenue: 583.83, bookings: 3 },
        "2026-06-01": { signUps: 2, revenue: 1100, bookings: 3 },
      }),
      totals: totals(
        { signUps: 8, revenue: 2308.83, bookings: 10 },
        { signUps: 3, revenue: 658 },
        { signUps: 166.7, revenue: 250.9 },
      ),
      topCities: cities([
        ["Camden", 4, 970.5],
        ["Westminster", 3, 913.33],
        ["Hackney", 2, 325],
        ["Manchester", 1, 100],
      ]),
    },
    {
      name: "1 Year: the 12 calendar months ending this month, with the top 10 cities only",
      period: "1y",
      from: "2025-07-01",
      to: "2026-06-30",
      buckets: expectedBuckets(months("2025-07", 12), {
        "2025-07-01": { signUps: 2, revenue: 410, bookings: 1 },
        "2025-08-01": { revenue: 158, bookings: 8 },
        "2025-12-01": { signUps: 1, revenue: 90, bookings: 1 },
        "2026-03-01": { signUps: 2, revenue: 300, bookings: 2 },
        "2026-04-01": { signUps: 2, revenue: 325, bookings: 2 },
        "2026-05-01": { signUps: 2, revenue: 583.83, bookings: 3 },
        "2026-06-01": { signUps: 2, revenue: 1100, bookings: 3 },
      }),
      totals: totals(
        { signUps: 11, revenue: 2966.83, bookings: 20 },
        { signUps: 1, revenue: 100 },
        { signUps: 1000, revenue: 2866.8 },
      ),
      topCities: cities([
        ["Camden", 4, 970.5],
        ["Westminster", 3, 913.33],
        ["Hackney", 3, 735],
        ["Manchester", 2, 190],
        ["Greenwich", 2, 30],
        ["Islington", 1, 30],
        ["Lambeth", 1, 30],
        ["Southwark", 1, 25],
        ["Wandsworth", 1, 20],
        ["Bristol", 1, 12],
      ]),
    },
  ])("$name", async ({ name: _name, ...expected }) => {
    expect(await analytics(`?period=${expected.period}`)).toEqual({ ...expected, roles });
  });

  it.each([
    ["?period=2y", "Period must be one of 1m, 3m, 6m, 1y"],
    ["?period=1M", "Period must be one of 1m, 3m, 6m, 1y"],
    ["?period=", "Period must be one of 1m, 3m, 6m, 1y"],
    ["?period=1m%27%3B%20drop%20table%20users%3B--", "Period must be one of 1m, 3m, 6m, 1y"],
    ["?period=%3D1%2B1", "Period must be one of 1m, 3m, 6m, 1y"],
    ["?period=1m&period=3m", "Period must be one of 1m, 3m, 6m, 1y"],
    ["?period=1m&from=2020-01-01", "Unknown query parameter: from"],
  ])("answers %s with a 400 that says what to fix", async (query, message) => {
    const response = await admin.get(`/api/admin/analytics${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    // Nothing was harmed: the figures are still there.
    expect((await analytics("?period=1m")).roles.reduce((sum, r) => sum + r.count, 0)).toBe(17);
  });
});

/**
 * The money figures come from the ledger, not from the bookings' totals. Five stays, each with a service fee of an
 * eleventh of its total, in June
 * 2026 (in the 1 Month period; nothing before it):
 *   a  Camden   06-01  £330 (fee £30)  accepted in demo mode                        → £330 demo, fee £30 demo
 *   b  Camden   06-02  £220 (fee £20)  confirmed by a card payment                 → £220 collected, fee £20
 *   c  Camden   06-03  £110 (fee £10)  confirmed with card payments, not yet paid  → £110 expected, fee £10
 *   d  Camden   06-04  £440 (fee £40)  paid by card, cancelled with £200 back      → £240 collected, fee £40 (a
 *      refund is taken from the nights first)
 *   e  Hackney  06-05  £330 (fee £30)  demo, cancelled with everything back         → nothing; Hackney earned nothing
 * Revenue £900: collected 460, expected 110, demo 330. Platform fees £100: collected 60, expected 10, demo 30.
 * Bookings (confirmed and completed): a, b, c = 3.
 */
describe("money read from the ledger", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });
  const split = (collected: number, expected: number, demo: number) => ({ collected, expected, demo });

  it("counts what guests were charged less refunds, the platform's fees, and says what was collected, expected or demo", async () => {
    const admin = (await signedInUser(t.db, server.baseUrl, { role: "admin", createdAt: LONG_AGO })).client;
    const landlord = await createUser(t.db, { role: "landlord", createdAt: LONG_AGO });
    const camden = await createProperty(t.db, { ownerId: landlord.id, city: "Camden", createdAt: LONG_AGO });
    const hackney = await createProperty(t.db, { ownerId: landlord.id, city: "Hackney", createdAt: LONG_AGO });
    const stay = (propertyId: number, day: string, total: number, status: "pending" | "confirmed") =>
      createBooking(t.db, {
        propertyId,
        status,
        checkIn: `2026-06-0${day}`,
        checkOut: `2026-06-0${Number(day) + 1}`,
        totalPrice: `${total}.00`,
        serviceFee: `${total / 11}.00`,
      });
    await stay(camden.id, "1", 330, "confirmed");
    const paid = await stay(camden.id, "2", 220, "pending");
    const owed = await stay(camden.id, "3", 110, "pending");
    const refunded = await stay(camden.id, "4", 440, "pending");
    const withdrawn = await stay(hackney.id, "5", 330, "confirmed");
    await t.db.transaction(async (tx) => {
      for (const b of [paid, owed, refunded]) {
        await postStayConfirmed(tx, { ...b, ownerId: landlord.id }, { demo: false });
      }
      for (const [b, pence] of [
        [paid, 22_000],
        [refunded, 44_000],
      ] as const) {
        await postCardPayment(tx, {
          bookingId: b.id,
          guestId: b.guestId,
          paymentIntentId: `pi_${b.id}`,
          amountPence: pence,
        });
      }
      await postStayRefund(tx, { id: withdrawn.id, ownerId: landlord.id }, { amountPence: 33_000 });
    });
    await t.db
      .update(bookings)
      .set({ status: "confirmed" })
      .where(inArray(bookings.id, [paid.id, owed.id, refunded.id]));
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, withdrawn.id));

    const read = async () => {
      const response = await admin.get("/api/admin/analytics?period=1m");
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as unknown as TPlatformAnalytics;
    };
    const before = await read();
    expect(before.totals).toMatchObject({
      revenue: 1100,
      settlement: split(660, 110, 330),
      platformFees: 100,
      platformFeeSettlement: split(60, 10, 30),
      bookings: 4,
    });

    // Stay d is cancelled and £200 of its nights given back to the card.
    await t.db.transaction(async (tx) => {
      await postStayRefund(tx, { id: refunded.id, ownerId: landlord.id }, { amountPence: 20_000 });
    });
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, refunded.id));
    // The bookings' own totals say nothing of the money: changing them moves no figure.
    await t.db.update(bookings).set({ totalPrice: "9999.00" }).where(eq(bookings.propertyId, camden.id));

    const after = await read();
    expect(after.totals).toMatchObject({
      revenue: 900,
      settlement: split(460, 110, 330),
      platformFees: 100,
      platformFeeSettlement: split(60, 10, 30),
      bookings: 3,
      previousRevenue: 0,
      previousSettlement: split(0, 0, 0),
      revenueGrowth: null,
    });
    const june = (date: string) => after.buckets.find((b) => b.start === date);
    expect([1, 2, 3, 4, 5].map((d) => june(`2026-06-0${d}`))).toMatchObject([
      { revenue: 330, settlement: split(0, 0, 330), bookings: 1 },
      { revenue: 220, settlement: split(220, 0, 0), bookings: 1 },
      { revenue: 110, settlement: split(0, 110, 0), bookings: 1 },
      { revenue: 240, settlement: split(240, 0, 0), bookings: 0 },
      { revenue: 0, settlement: split(0, 0, 0), bookings: 0 },
    ]);
    expect(after.topCities).toEqual([{ city: "Camden", bookings: 3, revenue: 900, settlement: split(460, 110, 330) }]);
  });
});

describe("who may read the platform's figures", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });
  const refusal = (label: string) =>
    `You don't have the required role to access this area. Required: Administrator. Your role: ${label}`;

  it("refuses a signed-out visitor with a 401", async () => {
    const response = await new HttpClient(server.baseUrl).get("/api/admin/analytics?period=3m");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "You need to be logged in to access this area." });
  });

  it.each([
    ["guest", "Guest/Tenant"],
    ["property_manager", "Property Manager"],
    ["contractor", "Contractor/Service Provider"],
  ] as const)("refuses a %s with the gate's 403, even for bad input", async (role, label) => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role });
    for (const query of ["", "?period=1y", "?period=nonsense"]) {
      const response = await client.get(`/api/admin/analytics${query}`);
      expect(response.status, query).toBe(403);
      expect(response.body).toEqual({ message: refusal(label) });
      expect(response.body).not.toHaveProperty("buckets");
    }
  });

  it("refuses an approved landlord, who reads only their own properties' analytics, before reading the query", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: true,
    });
    // Their own figures stay open to them…
    expect((await client.get("/api/analytics/landlord")).status).toBe(200);
    // …the platform's do not, whatever the query.
    for (const query of ["", "?period=6m", "?period=nonsense", "?period=1m&extra=1"]) {
      const response = await client.get(`/api/admin/analytics${query}`);
      expect(response.status, query).toBe(403);
      expect(response.body).toEqual({ message: refusal("Landlord/Owner") });
    }
  });

  it("refuses a landlord whose phone is not verified as any landlord: this is no landlord feature", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: false,
    });
    const response = await client.get("/api/admin/analytics?period=1y");
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: refusal("Landlord/Owner") });
  });

  it("answers an admin", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    expect((await client.get("/api/admin/analytics?period=1y")).status).toBe(200);
  });
});

describe("a platform where nothing has happened yet", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });

  it("answers honest zeros, no growth to show, no cities, and the one admin's role", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role: "admin", createdAt: LONG_AGO });
    const response = await client.get("/api/admin/analytics?period=6m");
    expect(response.status).toBe(200);
    const body = response.body as unknown as TPlatformAnalytics;
    expect(body.buckets.map((b) => [b.signUps, b.revenue, b.bookings])).toEqual(Array(6).fill([0, 0, 0]));
    const nothing = { collected: 0, expected: 0, demo: 0 };
    expect(body.totals).toEqual({
      signUps: 0,
      revenue: 0,
      settlement: nothing,
      platformFees: 0,
      platformFeeSettlement: nothing,
      bookings: 0,
      previousSignUps: 0,
      previousRevenue: 0,
      previousSettlement: nothing,
      signUpGrowth: null,
      revenueGrowth: null,
    });
    expect(body.topCities).toEqual([]);
    expect(body.roles).toEqual([
      { role: "guest", label: "Guest/Tenant", count: 0, percent: 0 },
      { role: "landlord", label: "Landlord/Owner", count: 0, percent: 0 },
      { role: "property_manager", label: "Property Manager", count: 0, percent: 0 },
      { role: "contractor", label: "Contractor/Service Provider", count: 0, percent: 0 },
      { role: "admin", label: "Platform Administrator", count: 1, percent: 100 },
    ]);
  });
});
