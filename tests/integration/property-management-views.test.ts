import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TMyProperty } from "../../common/schemas/landlord-properties";
import type { TManagedBooking, TManagedPropertySummary } from "../../common/schemas/property-management";
import { maintenanceJobs, properties } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * What a property manager sees: the properties assigned to them now (with figures computed like the owner's) and
 * their bookings; never another manager's, and nothing of a property once its assignment has ended.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let owner: HttpClient;
let manager: HttpClient;
let managerEmail: string;
let otherManager: HttpClient;
const ids = { managedA: 0, managedB: 0, unmanaged: 0, othersProperty: 0 };
const bookingIds = { upcomingA: 0, pastA: 0, pendingB: 0, cancelledB: 0, unmanaged: 0, others: 0 };
const today = londonToday();

const summaries = (body: unknown) => body as TManagedPropertySummary[];
const bookingList = (body: unknown) => body as TManagedBooking[];

beforeAll(async () => {
  const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  owner = landlord.client;
  const signedManager = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
  manager = signedManager.client;
  managerEmail = signedManager.user.email;
  const second = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
  otherManager = second.client;
  const otherLandlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });

  const ownerId = landlord.user.id;
  const a = await createProperty(t.db, { ownerId, title: "Managed A", photos: ["/media/demo/a.webp"] });
  const b = await createProperty(t.db, { ownerId, title: "Managed B" });
  const unmanaged = await createProperty(t.db, { ownerId, title: "Not Managed" });
  const others = await createProperty(t.db, { ownerId: otherLandlord.user.id, title: "Someone Else's" });
  Object.assign(ids, { managedA: a.id, managedB: b.id, unmanaged: unmanaged.id, othersProperty: others.id });

  for (const property of [a, b]) {
    const put = await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: managerEmail });
    expect(put.status).toBe(200);
  }
  await otherLandlord.client.request("PUT", `/api/properties/${others.id}/manager`, { email: second.user.email });

  const guest = await createUser(t.db, { firstName: "Grace", lastName: "Hopper" });
  const stay = (propertyId: number, checkIn: string, nights: number, status: "pending" | "confirmed" | "cancelled") =>
    createBooking(t.db, {
      propertyId,
      guestId: guest.id,
      checkIn,
      checkOut: addDays(checkIn, nights),
      status,
      totalPrice: "450.00",
      guestCount: 2,
      ...(status === "pending" ? { holdExpiresAt: new Date(Date.now() + 86_400_000) } : {}),
    });
  bookingIds.upcomingA = (await stay(a.id, today, 3, "confirmed")).id;
  bookingIds.pastA = (await stay(a.id, addDays(today, -40), 2, "confirmed")).id;
  bookingIds.pendingB = (await stay(b.id, addDays(today, 40), 2, "pending")).id;
  bookingIds.cancelledB = (await stay(b.id, addDays(today, 50), 2, "cancelled")).id;
  bookingIds.unmanaged = (await stay(unmanaged.id, addDays(today, 5), 2, "confirmed")).id;
  bookingIds.others = (await stay(others.id, addDays(today, 5), 2, "confirmed")).id;
  // Closed after its bookings were made: Inactive on the manager's card, its bookings still listed.
  await t.db.update(properties).set({ isActive: false }).where(eq(properties.id, b.id));

  const job = (status: "pending" | "scheduled" | "in_progress" | "completed" | "declined" | "cancelled") => ({
    propertyId: a.id,
    reportedBy: ownerId,
    title: `A ${status} job`,
    description: "Something at the flat needs looking at.",
    category: "plumbing" as const,
    status,
    ...(status === "pending" || status === "declined" ? {} : { contractorId: ownerId }),
    ...(status === "completed" ? { finalCost: "120.00" } : {}),
  });
  await t.db
    .insert(maintenanceJobs)
    .values([
      job("pending"),
      job("scheduled"),
      job("in_progress"),
      job("completed"),
      job("declined"),
      job("cancelled"),
    ]);
});

describe("GET /api/properties/managed", () => {
  it("lists exactly the properties assigned to the manager now, with the owner, jobs, stays and this month's figures", async () => {
    const response = await manager.get("/api/properties/managed");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const list = summaries(response.body);
    expect(list.map((p) => p.id).sort()).toEqual([ids.managedA, ids.managedB].sort());

    const a = list.find((p) => p.id === ids.managedA) as TManagedPropertySummary;
    expect(a).toMatchObject({
      title: "Managed A",
      ownerName: "Test User",
      image: "/media/demo/a.webp",
      isActive: true,
      status: "active",
      openMaintenance: 3,
      activeBookings: 1,
      monthlyRevenue: 450,
      unreadMessages: 0,
    });
    const b = list.find((p) => p.id === ids.managedB) as TManagedPropertySummary;
    expect(b).toMatchObject({
      isActive: false,
      status: "inactive",
      openMaintenance: 0,
      activeBookings: 0,
      image: null,
    });

    // The same figures as the owner's own My Properties.
    const mine = (await owner.get("/api/properties/my-properties")).body as unknown as TMyProperty[];
    for (const card of list) {
      const own = mine.find((p) => p.id === card.id) as TMyProperty;
      expect({ occupancy: card.occupancyRate, revenue: card.monthlyRevenue }).toEqual({
        occupancy: own.occupancyRate,
        revenue: own.monthlyRevenue,
      });
    }
    expect(a.occupancyRate).toBeGreaterThan(0);
  });

  it("shows another manager only their own properties", async () => {
    const list = summaries((await otherManager.get("/api/properties/managed")).body);
    expect(list.map((p) => p.id)).toEqual([ids.othersProperty]);
  });

  it("counts the owner's messages the manager has not read", async () => {
    const a = summaries((await manager.get("/api/properties/managed")).body).find((p) => p.id === ids.managedA);
    const thread = `/api/manager-threads/${a?.assignmentId}`;
    await owner.post(`${thread}/messages`, { body: "Could you check the boiler?" });
    await owner.post(`${thread}/messages`, { body: "And the smoke alarm, please." });
    const unread = summaries((await manager.get("/api/properties/managed")).body).find((p) => p.id === ids.managedA);
    expect(unread?.unreadMessages).toBe(2);
    await manager.get(thread);
    const read = summaries((await manager.get("/api/properties/managed")).body).find((p) => p.id === ids.managedA);
    expect(read?.unreadMessages).toBe(0);
  });
});

describe("GET /api/bookings/managed-properties", () => {
  it("lists the bookings of managed properties only, upcoming by default, with the count in X-Total-Count", async () => {
    const response = await manager.get("/api/bookings/managed-properties");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    const list = bookingList(response.body);
    // Soonest first.
    expect(list.map((b) => b.id)).toEqual([bookingIds.upcomingA, bookingIds.pendingB, bookingIds.cancelledB]);
    expect(list[0]).toEqual({
      id: bookingIds.upcomingA,
      reference: expect.stringMatching(/^[A-Z]+-?\d+/),
      propertyId: ids.managedA,
      propertyTitle: "Managed A",
      guestName: "Grace H.",
      checkIn: today,
      checkOut: addDays(today, 3),
      nights: 3,
      guests: 2,
      status: "confirmed",
      totalPrice: "450.00",
    });
  });

  it("filters by when and status, and pages", async () => {
    const ofQuery = async (query: string) => {
      const response = await manager.get(`/api/bookings/managed-properties?${query}`);
      expect(response.status, query).toBe(200);
      return { ids: bookingList(response.body).map((b) => b.id), total: response.headers.get("x-total-count") };
    };
    expect(await ofQuery("when=past")).toEqual({ ids: [bookingIds.pastA], total: "1" });
    expect(await ofQuery("when=all")).toEqual({
      ids: [bookingIds.cancelledB, bookingIds.pendingB, bookingIds.upcomingA, bookingIds.pastA],
      total: "4",
    });
    expect(await ofQuery("when=all&status=confirmed")).toEqual({
      ids: [bookingIds.upcomingA, bookingIds.pastA],
      total: "2",
    });
    expect(await ofQuery("when=all&pageSize=3&page=2")).toEqual({ ids: [bookingIds.pastA], total: "4" });
  });

  it("refuses bad filters with 400 and a message", async () => {
    for (const query of ["status=lost", "when=tomorrow", "page=0", "pageSize=1000", "page=abc"]) {
      const response = await manager.get(`/api/bookings/managed-properties?${query}`);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
  });
});

describe("when an assignment ends", () => {
  it("takes the property and its bookings out of the manager's lists at once", async () => {
    const before = summaries((await manager.get("/api/properties/managed")).body);
    expect(before.map((p) => p.id)).toContain(ids.managedB);
    expect((await owner.request("DELETE", `/api/properties/${ids.managedB}/manager`)).status).toBe(200);

    const after = summaries((await manager.get("/api/properties/managed")).body);
    expect(after.map((p) => p.id)).toEqual([ids.managedA]);
    const bookings = await manager.get("/api/bookings/managed-properties?when=all");
    expect(bookingList(bookings.body).every((b) => b.propertyId === ids.managedA)).toBe(true);
    expect(bookings.headers.get("x-total-count")).toBe("2");
  });
});
