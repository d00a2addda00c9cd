import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TMyProperty } from "../../common/schemas/landlord-properties";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config/env";
import { availability, bookings, propertyPhotos, users } from "../../server/db/schema";
import { postCardPayment, postStayConfirmed, postStayRefund } from "../../server/services/money/booking-ledger";
import { createBooking, createProperty } from "../factories";
import { occupancyWeeks } from "../support/analytics";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * The landlord's figures against a small fixed data set, each computed by hand below.
 *
 * "Today" is fixed: 2026-03-18 12:00 UTC is Wednesday 18 March 2026 in London (GMT until 29 March).
 * - This month: March 2026, 31 days, nights 03-01 … 03-31. Last month: February, 28 days.
 * - The 8-month trend: August 2025 … March 2026 (July 2025 is the base of August's growth).
 * - The 8 occupancy weeks, Monday to Sunday, the last containing today (Monday 03-16):
 *     w0 01-26  w1 02-02  w2 02-09  w3 02-16  w4 02-23  w5 03-02  w6 03-09  w7 03-16 … 03-22
 *   56 nights, 2026-01-26 … 2026-03-22.
 *
 * Landlord A
 * - Alpha: listed 2025-06-01, active, photos a (order 0), b (order 1, main), c (order 2).
 *     b0  completed 2025-06-10 → 06-12  2 nights  £100.00
 *     b1  completed 2025-07-10 → 07-14  4 nights  £400.00
 *     b2  completed 2025-08-05 → 08-08  3 nights  £450.00
 *     b3  completed 2026-01-22 → 01-29  7 nights  £700.00  (starts before the 8 weeks: 01-26, 27, 28 inside)
 *     b4  completed 2026-02-27 → 03-03  4 nights  £520.50  (over February's end: February revenue)
 *     b5  confirmed 2026-03-20 → 03-22  2 nights  £300.00  (Friday and Saturday of this week, still ahead)
 *     b6  cancelled 2026-03-05 → 03-08            £999.00  (never counts)
 *     b7  pending   2026-03-25 → 03-27            £250.00  (a request: never revenue nor occupancy)
 *     b8  confirmed 2026-03-27 → 04-02  6 nights  £600.00  (March revenue; 5 of its nights in March)
 *     An 'available' availability row on 03-05 takes nothing away.
 * - Beta: listed 2026-03-10 09:00 UTC (London 03-10), under maintenance, blocked 03-12, 03-13, 03-14.
 *     b9  completed 2026-03-10 → 03-12  2 nights  £200.00  (Tuesday, Wednesday)
 *     b10 confirmed 2026-03-15 → 03-17  2 nights  £210.00  (Sunday, Monday)
 *     b11 cancelled 2026-03-17 → 03-19            £500.00
 * - Gamma: listed 2025-01-01, deactivated.
 *     b12 completed 2026-03-02 → 03-04  2 nights  £180.00  (revenue counts; occupancy leaves Gamma out)
 *
 * Landlord B
 * - Bravo: listed 2025-01-01, active.
 *     bB  confirmed 2026-03-10 → 03-15  5 nights  £5,000.00  (Tuesday … Saturday)
 *     bB2 pending   2026-04-10 → 04-12            £400.00
 */
const NOW = new Date("2026-03-18T12:00:00Z");

const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });
const ids = { alpha: 0, beta: 0, gamma: 0, bravo: 0, b: {} as Record<string, number> };
let landlordA: HttpClient;
let landlordB: HttpClient;

const ENDPOINTS = [
  "/api/analytics/landlord",
  "/api/analytics/revenue",
  "/api/analytics/monthly-revenue",
  "/api/analytics/occupancy",
  "/api/properties/my-properties",
];

async function read(client: HttpClient, path: string) {
  const response = await client.get(path);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body as Record<string, unknown>;
}
/** my-properties answers a JSON array. */
async function myProperties(client: HttpClient) {
  return (await read(client, "/api/properties/my-properties")) as unknown as TMyProperty[];
}
const signIn = async (fields: Partial<typeof users.$inferInsert>) =>
  (await signedInUser(t.db, server.baseUrl, fields)).client;
const landlordFields = { role: "landlord", isApproved: true, phoneVerified: true } as const;

async function property(key: "alpha" | "beta" | "gamma" | "bravo", fields: Parameters<typeof createProperty>[1]) {
  const row = await createProperty(t.db, fields);
  ids[key] = row.id;
  return row;
}
async function booking(
  key: string,
  propertyId: number,
  status: "pending" | "confirmed" | "completed" | "cancelled",
  checkIn: string,
  checkOut: string,
  totalPrice: string,
) {
  ids.b[key] = (await createBooking(t.db, { propertyId, status, checkIn, checkOut, totalPrice })).id;
}

beforeAll(async () => {
  const a = await signedInUser(t.db, server.baseUrl, landlordFields);
  const b = await signedInUser(t.db, server.baseUrl, landlordFields);
  landlordA = a.client;
  landlordB = b.client;

  await property("alpha", {
    ownerId: a.user.id,
    title: "Alpha Mews",
    createdAt: new Date("2025-06-01T10:00:00Z"),
  });
  await property("beta", {
    ownerId: a.user.id,
    title: "Beta House",
    underMaintenance: true,
    createdAt: new Date("2026-03-10T09:00:00Z"),
  });
  await property("gamma", {
    ownerId: a.user.id,
    title: "Gamma Loft",
    isActive: false,
    createdAt: new Date("2025-01-01T10:00:00Z"),
  });
  await property("bravo", { ownerId: b.user.id, title: "Bravo Flat", createdAt: new Date("2025-01-01T10:00:00Z") });

  await t.db.insert(propertyPhotos).values([
    { propertyId: ids.alpha, url: "/photos/a.jpg", displayOrder: 0, isMain: false },
    { propertyId: ids.alpha, url: "/photos/b.jpg", displayOrder: 1, isMain: true },
    { propertyId: ids.alpha, url: "/photos/c.jpg", displayOrder: 2, isMain: false },
  ]);
  await t.db.insert(availability).values([
    { propertyId: ids.beta, date: "2026-03-12", status: "blocked" },
    { propertyId: ids.beta, date: "2026-03-13", status: "blocked" },
    { propertyId: ids.beta, date: "2026-03-14", status: "blocked" },
    { propertyId: ids.alpha, date: "2026-03-05", status: "available" },
  ]);

  await booking("b0", ids.alpha, "completed", "2025-06-10", "2025-06-12", "100.00");
  await booking("b1", ids.alpha, "completed", "2025-07-10", "2025-07-14", "400.00");
  await booking("b2", ids.alpha, "completed", "2025-08-05", "2025-08-08", "450.00");
  await booking("b3", ids.alpha, "completed", "2026-01-22", "2026-01-29", "700.00");
  await booking("b4", ids.alpha, "completed", "2026-02-27", "2026-03-03", "520.50");
  await booking("b5", ids.alpha, "confirmed", "2026-03-20", "2026-03-22", "300.00");
  await booking("b6", ids.alpha, "cancelled", "2026-03-05", "2026-03-08", "999.00");
  await booking("b7", ids.alpha, "pending", "2026-03-25", "2026-03-27", "250.00");
  await booking("b8", ids.alpha, "confirmed", "2026-03-27", "2026-04-02", "600.00");
  await booking("b9", ids.beta, "completed", "2026-03-10", "2026-03-12", "200.00");
  await booking("b10", ids.beta, "confirmed", "2026-03-15", "2026-03-17", "210.00");
  await booking("b11", ids.beta, "cancelled", "2026-03-17", "2026-03-19", "500.00");
  await booking("b12", ids.gamma, "completed", "2026-03-02", "2026-03-04", "180.00");
  await booking("bB", ids.bravo, "confirmed", "2026-03-10", "2026-03-15", "5000.00");
  await booking("bB2", ids.bravo, "pending", "2026-04-10", "2026-04-12", "400.00");
});

describe("landlord A's figures", () => {
  it("GET /api/analytics/landlord", async () => {
    expect(await read(landlordA, "/api/analytics/landlord")).toEqual({
      // b0 100 + b1 400 + b2 450 + b3 700 + b4 520.50 + b5 300 + b8 600 + b9 200 + b10 210 + b12 180 = 3660.50
      totalRevenue: 3660.5,
      // The factory's stays were accepted without card payments: all of it is demo money.
      settlement: { collected: 0, expected: 0, demo: 3660.5 },
      // March check-ins: b5 300 + b8 600 + b9 200 + b10 210 + b12 180 = 1490
      monthlyRevenue: 1490,
      // March: Alpha 9 booked of 31 (b4 03-01, 03-02; b5 03-20, 03-21; b8 03-27 … 03-31),
      // Beta 4 booked of 19 (listed 03-10: 22 nights, less 3 blocked; b9 03-10, 03-11; b10 03-15, 03-16);
      // Gamma is deactivated. (9 + 4) / (31 + 19) = 13 / 50 = 26.0 %
      occupancyRate: 26,
      // Not cancelled: b0 b1 b2 b3 b4 b5 b7 b8 (Alpha) + b9 b10 (Beta) + b12 (Gamma) = 11
      totalBookings: 11,
      totalProperties: 3,
    });
  });

  it("GET /api/analytics/revenue", async () => {
    const row = (key: string, propertyId: number, propertyTitle: string, status: string, date: string) => ({
      id: ids.b[key],
      propertyId,
      propertyTitle,
      status,
      date,
      settlement: "demo",
    });
    expect(await read(landlordA, "/api/analytics/revenue")).toEqual({
      totalRevenue: 3660.5,
      settlement: { collected: 0, expected: 0, demo: 3660.5 },
      monthlyRevenue: 1490,
      // February: b4 520.50. (1490 − 520.50) / 520.50 × 100 = 969.50 / 520.50 × 100 = 186.26… → 186.3
      growth: 186.3,
      // 1490 / 31 days = 48.064… → 48.06
      dailyAverage: 48.06,
      // b0 b1 b2 b3 b4 b5 b8 b9 b10 b12
      totalTransactions: 10,
      // By check-in, newest first; b6 (cancelled) and b7 (pending) are not revenue.
      transactions: [
        { ...row("b8", ids.alpha, "Alpha Mews", "confirmed", "2026-03-27"), nights: 6, amount: 600 },
        { ...row("b5", ids.alpha, "Alpha Mews", "confirmed", "2026-03-20"), nights: 2, amount: 300 },
        { ...row("b10", ids.beta, "Beta House", "confirmed", "2026-03-15"), nights: 2, amount: 210 },
        { ...row("b9", ids.beta, "Beta House", "completed", "2026-03-10"), nights: 2, amount: 200 },
        { ...row("b12", ids.gamma, "Gamma Loft", "completed", "2026-03-02"), nights: 2, amount: 180 },
        { ...row("b4", ids.alpha, "Alpha Mews", "completed", "2026-02-27"), nights: 4, amount: 520.5 },
        { ...row("b3", ids.alpha, "Alpha Mews", "completed", "2026-01-22"), nights: 7, amount: 700 },
        { ...row("b2", ids.alpha, "Alpha Mews", "completed", "2025-08-05"), nights: 3, amount: 450 },
        { ...row("b1", ids.alpha, "Alpha Mews", "completed", "2025-07-10"), nights: 4, amount: 400 },
        { ...row("b0", ids.alpha, "Alpha Mews", "completed", "2025-06-10"), nights: 2, amount: 100 },
      ],
    });
  });

  it("GET /api/analytics/monthly-revenue", async () => {
    const empty = { revenue: 0, bookings: 0, averagePerBooking: 0, properties: [] };
    const body = await read(landlordA, "/api/analytics/monthly-revenue");
    expect(body).toEqual({
      currentMonth: {
        month: "2026-03",
        revenue: 1490,
        growth: 186.3,
        // b5 b8 b9 b10 b12; 1490 / 5 = 298
        bookings: 5,
        averagePerBooking: 298,
        dailyAverage: 48.06,
      },
      monthlyBreakdown: [
        // July 2025 (b1, £400) is the base: (450 − 400) / 400 × 100 = 12.5
        {
          month: "2025-08",
          revenue: 450,
          growth: 12.5,
          bookings: 1,
          averagePerBooking: 450,
          properties: [{ id: ids.alpha, name: "Alpha Mews", revenue: 450, bookings: 1 }],
        },
        // (0 − 450) / 450 × 100 = −100
        { month: "2025-09", ...empty, growth: -100 },
        // Nothing the month before: no growth to speak of.
        { month: "2025-10", ...empty, growth: null },
        { month: "2025-11", ...empty, growth: null },
        { month: "2025-12", ...empty, growth: null },
        {
          month: "2026-01",
          revenue: 700,
          growth: null,
          bookings: 1,
          averagePerBooking: 700,
          properties: [{ id: ids.alpha, name: "Alpha Mews", revenue: 700, bookings: 1 }],
        },
        // (520.50 − 700) / 700 × 100 = −25.64… → −25.6
        {
          month: "2026-02",
          revenue: 520.5,
          growth: -25.6,
          bookings: 1,
          averagePerBooking: 520.5,
          properties: [{ id: ids.alpha, name: "Alpha Mews", revenue: 520.5, bookings: 1 }],
        },
        // By revenue: Alpha b5 + b8 = 900, Beta b9 + b10 = 410, Gamma b12 = 180.
        {
          month: "2026-03",
          revenue: 1490,
          growth: 186.3,
          bookings: 5,
          averagePerBooking: 298,
          properties: [
            { id: ids.alpha, name: "Alpha Mews", revenue: 900, bookings: 2 },
            { id: ids.beta, name: "Beta House", revenue: 410, bookings: 2 },
            { id: ids.gamma, name: "Gamma Loft", revenue: 180, bookings: 1 },
          ],
        },
      ],
    });
  });

  it("GET /api/analytics/occupancy", async () => {
    expect(await read(landlordA, "/api/analytics/occupancy")).toEqual({
      // (9 + 4) / (56 + 10) = 13 / 66 = 19.69… → 19.7
      overallRate: 19.7,
      // As /landlord: 13 / 50
      monthlyRate: 26,
      // Stays touching the 8 weeks: b3 7, b4 4, b5 2, b9 2, b10 2 → 17 / 5 = 3.4 (b12 is Gamma's)
      avgStayDuration: 3.4,
      bookedNights: 13,
      totalNights: 66,
      // Newest first; Gamma (deactivated) is left out.
      properties: [
        {
          id: ids.beta,
          name: "Beta House",
          status: "maintenance",
          // Open from 03-10 to 03-22: 13 nights, less 03-12, 03-13, 03-14 blocked = 10;
          // booked 03-10, 03-11 (b9), 03-15, 03-16 (b10) = 4 → 40.0
          occupancyRate: 40,
          bookedNights: 4,
          totalNights: 10,
          // (2 + 2) / 2
          avgStayDuration: 2,
          // One night each on Tuesday, Wednesday, Sunday and Monday: a four-way tie, Monday first, at most 3.
          peakDays: ["Monday", "Tuesday", "Wednesday"],
          // w6: open 03-10, 03-11, 03-15, all booked = 3/3 → 100; w7: 03-16 booked of 7 → 14.28… → 14.3
          monthlyTrend: [0, 0, 0, 0, 0, 0, 100, 14.3],
        },
        {
          id: ids.alpha,
          name: "Alpha Mews",
          status: "active",
          // Listed long ago, nothing blocked: 56 nights. Booked: b3 01-26, 27, 28 (3); b4 02-27, 28, 03-01, 03-02 (4);
          // b5 03-20, 03-21 (2) = 9 → 9 / 56 = 16.07… → 16.1
          occupancyRate: 16.1,
          bookedNights: 9,
          totalNights: 56,
          // b3 7, b4 4, b5 2 → 13 / 3 = 4.33… → 4.3
          avgStayDuration: 4.3,
          // Mon 01-26 + 03-02 = 2, Fri 02-27 + 03-20 = 2, Sat 02-28 + 03-21 = 2; Tue, Wed, Sun 1 each.
          peakDays: ["Monday", "Friday", "Saturday"],
          // w0 3/7 → 42.9; w4 (02-23 … 03-01) 3/7 → 42.9; w5 03-02 1/7 → 14.3; w7 2/7 → 28.6
          monthlyTrend: [42.9, 0, 0, 0, 42.9, 14.3, 0, 28.6],
        },
      ],
      weeklyBreakdown: occupancyWeeks("2026-01-26", [
        [42.9, 3, 7], // w/c 01-26
        [0, 0, 7], // w/c 02-02
        [0, 0, 7], // w/c 02-09
        [0, 0, 7], // w/c 02-16
        [42.9, 3, 7], // w/c 02-23
        [14.3, 1, 7], // w/c 03-02
        [30, 3, 10], // w/c 03-09: Alpha 0/7 + Beta 3/3 = 3/10
        [21.4, 3, 14], // w/c 03-16: Alpha 2/7 + Beta 1/7 = 3/14 = 21.42… → 21.4
      ]),
    });
  });

  it("GET /api/properties/my-properties", async () => {
    const list = await myProperties(landlordA);
    // Newest first: Beta (2026-03-10), Alpha (2025-06-01), Gamma (2025-01-01).
    expect(list.map((p) => p.id)).toEqual([ids.beta, ids.alpha, ids.gamma]);
    const figures = list.map(
      ({ id, images, isActive, status, bookingCount, pendingCount, monthlyRevenue, ...rest }) => ({
        id,
        images,
        isActive,
        status,
        bookingCount,
        pendingCount,
        monthlyRevenue,
        occupancyRate: rest.occupancyRate,
        createdAt: rest.createdAt,
      }),
    );
    expect(figures).toEqual([
      {
        id: ids.beta,
        images: [],
        isActive: true,
        status: "maintenance",
        // b9, b10 (b11 cancelled)
        bookingCount: 2,
        pendingCount: 0,
        // b9 200 + b10 210
        monthlyRevenue: 410,
        // 4 / 19 = 21.05… → 21.1
        occupancyRate: 21.1,
        createdAt: "2026-03-10T09:00:00.000Z",
      },
      {
        id: ids.alpha,
        // The main photo first, then display order.
        images: ["/photos/b.jpg", "/photos/a.jpg", "/photos/c.jpg"],
        isActive: true,
        status: "active",
        // b0 b1 b2 b3 b4 b5 b7 b8 (b6 cancelled)
        bookingCount: 8,
        pendingCount: 1,
        // b5 300 + b8 600
        monthlyRevenue: 900,
        // 9 / 31 = 29.03… → 29.0
        occupancyRate: 29,
        createdAt: "2025-06-01T10:00:00.000Z",
      },
      {
        id: ids.gamma,
        images: [],
        isActive: false,
        status: "inactive",
        bookingCount: 1,
        pendingCount: 0,
        // Revenue still counts for a deactivated property …
        monthlyRevenue: 180,
        // … occupancy does not.
        occupancyRate: 0,
        createdAt: "2025-01-01T10:00:00.000Z",
      },
    ]);
    expect(list[1]).toMatchObject({
      title: "Alpha Mews",
      city: "Camden",
      pricePerNight: "150.00",
      pricePerMonth: "3600.00",
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      rating: "0.00",
      reviewCount: 0,
    });
  });
});

describe("today is London's calendar date", () => {
  it("moves to April at 00:30 in London, while it is still 31 March in UTC", async () => {
    // 23:30 UTC on 31 March 2026 is 00:30 BST on 1 April.
    const lateApp = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: t.db,
      logger: false,
      now: () => new Date("2026-03-31T23:30:00Z"),
    });
    await lateApp.listen({ port: 0, host: "127.0.0.1" });
    try {
      const address = lateApp.server.address();
      if (!address || typeof address === "string") throw new Error("no port");
      const client = new HttpClient(`http://127.0.0.1:${address.port}`);
      client.cookie = landlordA.cookie;
      const monthly = await read(client, "/api/analytics/monthly-revenue");
      // April has no check-in yet: 0, down 100 % from March's 1490; 30 days in April.
      expect(monthly.currentMonth).toEqual({
        month: "2026-04",
        revenue: 0,
        growth: -100,
        bookings: 0,
        averagePerBooking: 0,
        dailyAverage: 0,
      });
      // April: Alpha 30 open nights, b8's 04-01 booked; Beta 30 open, none booked → 1 / 60 = 1.66… → 1.7
      expect((await read(client, "/api/analytics/landlord")).occupancyRate).toBe(1.7);
    } finally {
      await lateApp.close();
    }
  });
});

describe("landlord B sees only their own", () => {
  it("never meets landlord A's properties or bookings", async () => {
    const aIds = [ids.alpha, ids.beta, ids.gamma];
    expect(await read(landlordB, "/api/analytics/landlord")).toEqual({
      totalRevenue: 5000,
      settlement: { collected: 0, expected: 0, demo: 5000 },
      monthlyRevenue: 5000,
      // Bravo in March: 03-10 … 03-14 booked = 5 / 31 = 16.12… → 16.1
      occupancyRate: 16.1,
      // bB and the pending bB2
      totalBookings: 2,
      totalProperties: 1,
    });

    const revenue = await read(landlordB, "/api/analytics/revenue");
    expect(revenue).toMatchObject({ totalRevenue: 5000, monthlyRevenue: 5000, growth: null, totalTransactions: 1 });
    expect(revenue.transactions).toEqual([
      {
        id: ids.b.bB,
        propertyId: ids.bravo,
        propertyTitle: "Bravo Flat",
        status: "confirmed",
        date: "2026-03-10",
        nights: 5,
        amount: 5000,
        settlement: "demo",
      },
    ]);

    const monthly = await read(landlordB, "/api/analytics/monthly-revenue");
    const months = monthly.monthlyBreakdown as { properties: { id: number }[] }[];
    expect(months.flatMap((m) => m.properties.map((p) => p.id))).toEqual([ids.bravo]);

    const occupancy = await read(landlordB, "/api/analytics/occupancy");
    // 56 nights, 5 booked (Tuesday 03-10 … Saturday 03-14, all in w6) → 8.92… → 8.9
    expect(occupancy).toMatchObject({ overallRate: 8.9, bookedNights: 5, totalNights: 56, monthlyRate: 16.1 });
    expect(occupancy.properties).toEqual([
      {
        id: ids.bravo,
        name: "Bravo Flat",
        status: "active",
        occupancyRate: 8.9,
        bookedNights: 5,
        totalNights: 56,
        avgStayDuration: 5,
        peakDays: ["Tuesday", "Wednesday", "Thursday"],
        // 5 / 7 = 71.42… → 71.4
        monthlyTrend: [0, 0, 0, 0, 0, 0, 71.4, 0],
      },
    ]);

    const mine = await myProperties(landlordB);
    expect(mine.map((p) => p.id)).toEqual([ids.bravo]);
    expect(mine.some((p) => aIds.includes(p.id))).toBe(false);
    expect(mine[0]).toMatchObject({ bookingCount: 2, pendingCount: 1, monthlyRevenue: 5000, occupancyRate: 16.1 });
  });
});

describe("an admin sees every landlord's", () => {
  it("adds up both landlords' properties and bookings", async () => {
    const admin = await signIn({ role: "admin" });
    expect(await read(admin, "/api/analytics/landlord")).toEqual({
      totalRevenue: 8660.5, // 3660.50 + 5000
      settlement: { collected: 0, expected: 0, demo: 8660.5 },
      monthlyRevenue: 6490, // 1490 + 5000
      occupancyRate: 22.2, // March: (13 + 5) / (50 + 31) = 18 / 81 = 22.22…
      totalBookings: 13, // 11 + 2
      totalProperties: 4,
    });
    const revenue = await read(admin, "/api/analytics/revenue");
    // February: 520.50 → March 6490: 5969.50 / 520.50 × 100 = 1146.87… → 1146.9
    expect(revenue).toMatchObject({ totalTransactions: 11, growth: 1146.9, dailyAverage: 209.35 }); // 6490 / 31 = 209.354…
    expect((revenue.transactions as { id: number }[]).map((r) => r.id).slice(0, 4)).toEqual([
      ids.b.b8,
      ids.b.b5,
      ids.b.b10,
      ids.b.bB, // 03-10, the higher id of the two check-ins that day
    ]);

    const occupancy = await read(admin, "/api/analytics/occupancy");
    // (13 + 5) / (66 + 56) = 18 / 122 = 14.75… → 14.8; stays 17 + 5 nights over 6 = 3.66… → 3.7
    expect(occupancy).toMatchObject({ overallRate: 14.8, bookedNights: 18, totalNights: 122, avgStayDuration: 3.7 });
    expect((occupancy.properties as { id: number }[]).map((p) => p.id).sort()).toEqual(
      [ids.alpha, ids.beta, ids.bravo].sort(),
    );

    const monthly = await read(admin, "/api/analytics/monthly-revenue");
    const march = (monthly.monthlyBreakdown as { month: string; properties: { id: number }[] }[])[7];
    // Bravo 5000, Alpha 900, Beta 410, Gamma 180
    expect(march?.properties.map((p) => p.id)).toEqual([ids.bravo, ids.alpha, ids.beta, ids.gamma]);

    expect((await myProperties(admin)).map((p) => p.id).sort()).toEqual(
      [ids.alpha, ids.beta, ids.gamma, ids.bravo].sort(),
    );
  });
});

describe("a landlord with no properties", () => {
  it("gets zeros, empty lists and no growth", async () => {
    const empty = await signIn(landlordFields);
    expect(await read(empty, "/api/analytics/landlord")).toEqual({
      totalRevenue: 0,
      settlement: { collected: 0, expected: 0, demo: 0 },
      monthlyRevenue: 0,
      occupancyRate: 0,
      totalBookings: 0,
      totalProperties: 0,
    });
    expect(await read(empty, "/api/analytics/revenue")).toEqual({
      totalRevenue: 0,
      settlement: { collected: 0, expected: 0, demo: 0 },
      monthlyRevenue: 0,
      growth: null,
      dailyAverage: 0,
      totalTransactions: 0,
      transactions: [],
    });
    const monthly = await read(empty, "/api/analytics/monthly-revenue");
    expect(monthly.currentMonth).toEqual({
      month: "2026-03",
      revenue: 0,
      growth: null,
      bookings: 0,
      averagePerBooking: 0,
      dailyAverage: 0,
    });
    expect((monthly.monthlyBreakdown as { month: string }[]).map((m) => m.month)).toEqual([
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    expect(monthly.monthlyBreakdown).toEqual(
      (monthly.monthlyBreakdown as { month: string }[]).map(({ month }) => ({
        month,
        revenue: 0,
        growth: null,
        bookings: 0,
        averagePerBooking: 0,
        properties: [],
      })),
    );
    const occupancy = await read(empty, "/api/analytics/occupancy");
    expect(occupancy).toMatchObject({
      overallRate: 0,
      monthlyRate: 0,
      avgStayDuration: 0,
      bookedNights: 0,
      totalNights: 0,
      properties: [],
    });
    expect(occupancy.weeklyBreakdown).toHaveLength(8);
    expect(occupancy.weeklyBreakdown).toContainEqual({ week: "2026-03-16", rate: 0, booked: 0, nights: 0 });
    expect(await myProperties(empty)).toEqual([]);
  });
});

describe("who must not get in", () => {
  const statuses = async (client: HttpClient) => Promise.all(ENDPOINTS.map(async (p) => (await client.get(p)).status));

  it("refuses a guest on every endpoint with the role text", async () => {
    const guest = await signIn({});
    expect(await statuses(guest)).toEqual([403, 403, 403, 403, 403]);
    expect((await guest.get("/api/properties/my-properties")).body.message).toBe(
      "You don't have the required role to access this area. Required: Landlord/Owner. Your role: Guest/Tenant",
    );
  });

  it("refuses a landlord awaiting approval", async () => {
    // Signed in while approved; the approval is then withdrawn (an unapproved landlord cannot sign in at all).
    const { client: unapproved, user } = await signedInUser(t.db, server.baseUrl, landlordFields);
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, user.id));
    expect(await statuses(unapproved)).toEqual([403, 403, 403, 403, 403]);
    expect((await unapproved.get("/api/analytics/revenue")).body).toMatchObject({
      message: "Account Approval Pending",
      requiresApproval: true,
    });
  });

  it("refuses a landlord without a verified phone", async () => {
    const noPhone = await signIn({ ...landlordFields, phoneVerified: false });
    expect(await statuses(noPhone)).toEqual([403, 403, 403, 403, 403]);
    expect((await noPhone.get("/api/analytics/occupancy")).body).toMatchObject({
      message: "Phone Verification Required",
      requiresPhoneVerification: true,
    });
  });

  it("refuses a signed-out visitor", async () => {
    expect(await statuses(new HttpClient(server.baseUrl))).toEqual([401, 401, 401, 401, 401]);
  });

  it("keeps the public /api/properties/:id route working beside /my-properties", async () => {
    expect((await new HttpClient(server.baseUrl).get(`/api/properties/${ids.bravo}`)).status).toBe(200);
  });
});

describe("revenue read from the ledger", () => {
  it("leaves out the platform's fee, keeps what a cancelled stay kept, and says what was collected", async () => {
    const landlord = await signedInUser(t.db, server.baseUrl, landlordFields);
    const flat = await createProperty(t.db, { ownerId: landlord.user.id, title: "Ledger Flat" });
    const stay = (checkIn: string, checkOut: string, status: "pending" | "confirmed") =>
      createBooking(t.db, {
        propertyId: flat.id,
        status,
        checkIn,
        checkOut,
        totalPrice: "330.00",
        serviceFee: "30.00",
      });
    // Demo: accepted without card payments.
    await stay("2026-03-02", "2026-03-04", "confirmed");
    // Real money: one paid by card, one owed but not yet collected.
    const paid = await stay("2026-03-05", "2026-03-07", "pending");
    const owed = await stay("2026-03-08", "2026-03-10", "pending");
    // Demo again, cancelled under a policy that gave back half the nights (£150): £150 of the nights stays earned.
    const halfRefunded = await stay("2026-03-11", "2026-03-13", "confirmed");
    await t.db.transaction(async (tx) => {
      for (const b of [paid, owed]) await postStayConfirmed(tx, { ...b, ownerId: landlord.user.id }, { demo: false });
      await postCardPayment(tx, {
        bookingId: paid.id,
        guestId: paid.guestId,
        paymentIntentId: "pi_ledger_paid",
        amountPence: 33_000,
      });
      await postStayRefund(tx, { id: halfRefunded.id, ownerId: landlord.user.id }, { amountPence: 15_000 });
    });
    await t.db
      .update(bookings)
      .set({ status: "confirmed" })
      .where(inArray(bookings.id, [paid.id, owed.id]));
    await t.db
      .update(bookings)
      .set({ status: "cancelled", refundAmount: "150.00" })
      .where(eq(bookings.id, halfRefunded.id));

    const revenue = await read(landlord.client, "/api/analytics/revenue");
    expect(revenue).toMatchObject({
      // 300 + 300 + 300 + (300 − 150): the £30 fees are the platform's.
      totalRevenue: 1050,
      settlement: { collected: 300, expected: 300, demo: 450 },
      monthlyRevenue: 1050,
      totalTransactions: 4,
    });
    expect(
      (revenue.transactions as { status: string; amount: number; settlement: string }[]).map(
        ({ status, amount, settlement }) => ({ status, amount, settlement }),
      ),
    ).toEqual([
      { status: "cancelled", amount: 150, settlement: "demo" },
      { status: "confirmed", amount: 300, settlement: "expected" },
      { status: "confirmed", amount: 300, settlement: "collected" },
      { status: "confirmed", amount: 300, settlement: "demo" },
    ]);
  });
});
