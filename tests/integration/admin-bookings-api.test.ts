import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import type { Role } from "../../common/domain/roles";
import { auditLogs, bookings, outboxMessages, payments, properties, users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { setUpStripeTestApp } from "../support/stripe-test-app";
import { setUpTestApp } from "../support/test-context";

/**
 * Booking Oversight's API: GET /api/admin/bookings, /stats and /{id}, and an admin's Take Action through the
 * booking lifecycle's own routes.
 *
 * "Today" is fixed at Wednesday 12 June 2030 (London), so which booking may still be confirmed or cancelled is
 * known. The fixed data set of the first block, newest booking first (the list's order):
 *
 *   id    property (city, region)                      account        name on the booking   status     stay            £
 *   9206  Harbour View Apartment (Bristol, Bristol)    Alan Turing    Alan Turing           pending    06-01 → 06-03   200.00  (check-in passed)
 *   9205  100% Serviced Studio (Islington, London)     Ada Lovelace   Ada Lovelace          confirmed  06-12 → 06-15   600.50  (begun today)
 *   9204  Riverside Loft (Camden, London)              Grace Hopper   Marie Curie           cancelled  08-01 → 08-03   250.00
 *   9202  Garden Flat (Hackney, London)                Grace Hopper   Grace Hopper          confirmed  07-10 → 07-12   300.00
 *   9201  Riverside Loft (Camden, London)              Ada Lovelace   Ada Lovelace          pending    07-01 → 07-04   450.00
 *   9207  Garden Flat (Hackney, London)                Ada Lovelace   Ada Lovelace          completed  05-01 → 05-04  1000.00
 *   9203  Harbour View Apartment (Bristol, Bristol)    Alan Turing    (none)                completed  04-01 → 04-05   800.00
 *
 * Garden Flat's description mentions a riverside walk: searching titles must not find it for "riverside".
 * Figures: 7 bookings; pending 9201, 9206; confirmed 9202, 9205; revenue (confirmed and completed)
 * 300.00 + 600.50 + 1000.00 + 800.00 = £2,700.50.
 */
const NOW = new Date("2030-06-12T10:00:00Z");

type ListItem = Record<string, unknown> & { id: number };
const idsOf = (body: unknown) => (body as ListItem[]).map((item) => item.id);

const ROLE_LABELS = {
  guest: "Guest/Tenant",
  landlord: "Landlord/Owner",
  property_manager: "Property Manager",
  contractor: "Contractor/Service Provider",
} as const;

describe("Booking Oversight over a fixed data set", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });
  let admin: HttpClient;

  beforeAll(async () => {
    await t.db.insert(users).values([
      { id: 9001, email: "lena@finding.test", firstName: "Lena", lastName: "Landlord", role: "landlord" },
      { id: 9011, email: "ada@finding.test", firstName: "Ada", lastName: "Lovelace" },
      { id: 9012, email: "grace@finding.test", firstName: "Grace", lastName: "Hopper" },
      { id: 9013, email: "alan.turing@finding.test", firstName: "Alan", lastName: "Turing" },
    ]);
    const listing = { ownerId: 9001, pricePerNight: "150.00", pricePerMonth: "3600.00" };
    await t.db.insert(properties).values([
      {
        ...listing,
        id: 9101,
        slug: "riverside-loft",
        title: "Riverside Loft",
        description: "A bright loft by the canal, with a long table for dinners.",
        address: "1 Canal Walk, London NW1",
        city: "Camden",
      },
      {
        ...listing,
        id: 9102,
        slug: "garden-flat",
        title: "Garden Flat",
        description: "A calm flat with a riverside walk nearby and a small garden.",
        address: "2 Mare Street, London E8",
        city: "Hackney",
      },
      {
        ...listing,
        id: 9103,
        slug: "harbour-view-apartment",
        title: "Harbour View Apartment",
        description: "Views over the floating harbour from every room of the flat.",
        address: "3 Harbourside, Bristol BS1",
        city: "Bristol",
        region: "Bristol",
      },
      {
        ...listing,
        id: 9104,
        slug: "serviced-studio",
        title: "100% Serviced Studio",
        description: "A studio cleaned daily, with fresh linen and a stocked kitchen.",
        address: "4 Upper Street, London N1",
        city: "Islington",
      },
    ]);
    const ada = { guestFirstName: "Ada", guestLastName: "Lovelace", guestEmail: "ada@finding.test" };
    const stay = (checkIn: string, checkOut: string, createdAt: string) => ({
      checkIn,
      checkOut,
      createdAt: new Date(`${createdAt}T09:00:00Z`),
    });
    await t.db.insert(bookings).values([
      {
        id: 9201,
        propertyId: 9101,
        guestId: 9011,
        ...ada,
        status: "pending",
        ...stay("2030-07-01", "2030-07-04", "2030-05-01"),
        totalPrice: "450.00",
        guestCount: 2,
      },
      {
        id: 9202,
        propertyId: 9102,
        guestId: 9012,
        guestFirstName: "Grace",
        guestLastName: "Hopper",
        guestEmail: "grace@finding.test",
        status: "confirmed",
        ...stay("2030-07-10", "2030-07-12", "2030-05-02"),
        totalPrice: "300.00",
      },
      {
        id: 9203,
        propertyId: 9103,
        guestId: 9013,
        status: "completed",
        ...stay("2030-04-01", "2030-04-05", "2030-03-01"),
        totalPrice: "800.00",
      },
      {
        id: 9204,
        propertyId: 9101,
        guestId: 9012,
        guestFirstName: "Marie",
        guestLastName: "Curie",
        guestEmail: "marie@finding.test",
        status: "cancelled",
        ...stay("2030-08-01", "2030-08-03", "2030-05-03"),
        totalPrice: "250.00",
      },
      {
        id: 9205,
        propertyId: 9104,
        guestId: 9011,
        ...ada,
        status: "confirmed",
        ...stay("2030-06-12", "2030-06-15", "2030-05-04"),
        totalPrice: "600.50",
        guestCount: 2,
      },
      {
        id: 9206,
        propertyId: 9103,
        guestId: 9013,
        guestFirstName: "Alan",
        guestLastName: "Turing",
        guestEmail: "alan.turing@finding.test",
        status: "pending",
        ...stay("2030-06-01", "2030-06-03", "2030-05-05"),
        totalPrice: "200.00",
      },
      {
        id: 9207,
        propertyId: 9102,
        guestId: 9011,
        ...ada,
        status: "completed",
        ...stay("2030-05-01", "2030-05-04", "2030-04-01"),
        totalPrice: "1000.00",
      },
    ]);
    admin = (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
  });

  const list = (query = "") => admin.get(`/api/admin/bookings${query ? `?${query}` : ""}`);

  it("lists every booking newest first, with spec 2's admin fields and what an admin may do next", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("7");
    expect(response.headers.get("x-total-count-capped")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(idsOf(response.body)).toEqual([9206, 9205, 9204, 9202, 9201, 9207, 9203]);
    const byId = new Map((response.body as unknown as ListItem[]).map((item) => [item.id, item]));
    expect(byId.get(9205)).toEqual({
      id: 9205,
      reference: "SL-009205",
      propertyId: 9104,
      propertySlug: "serviced-studio",
      propertyTitle: "100% Serviced Studio",
      propertyCity: "Islington",
      guestId: 9011,
      guestName: "Ada Lovelace",
      guestEmail: "ada@finding.test",
      checkIn: "2030-06-12",
      checkOut: "2030-06-15",
      nights: 3,
      guests: 2,
      totalPrice: "600.50",
      totalAmount: 600.5,
      status: "confirmed",
      awaitingPayment: false,
      createdAt: "2030-05-04T09:00:00.000Z",
      // The stay began today: too late to cancel.
      canConfirm: false,
      canCancel: false,
    });
    // The name the booking was made in, even when it is not the account holder's.
    expect(byId.get(9204)).toMatchObject({ guestName: "Marie Curie", guestEmail: "marie@finding.test" });
    // A booking made without a name of its own shows the account's.
    expect(byId.get(9203)).toMatchObject({ guestName: "Alan Turing", guestEmail: "alan.turing@finding.test" });
    const steps = (id: number) => {
      const item = byId.get(id);
      return [item?.canConfirm, item?.canCancel];
    };
    expect(steps(9201)).toEqual([true, true]);
    // A request whose check-in day has passed can only be declined.
    expect(steps(9206)).toEqual([false, true]);
    expect(steps(9202)).toEqual([false, true]);
    expect(steps(9207)).toEqual([false, false]);
    expect(steps(9204)).toEqual([false, false]);
  });

  it("counts the figures over every booking: total, revenue of confirmed and completed, pending, confirmed", async () => {
    const response = await admin.get("/api/admin/bookings/stats");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: 7, revenue: 2700.5, pending: 2, confirmed: 2 });
  });

  it.each([
    ["riverside", [9204, 9201]],
    ["HACKNEY", [9202, 9207]],
    ["bristol", [9206, 9203]],
    ["london", [9205, 9204, 9202, 9201, 9207]],
    ["lovelace", [9205, 9201, 9207]],
    ["Marie Curie", [9204]],
    ["hopper", [9204, 9202]],
    ["turing", [9206, 9203]],
    ["alan.turing@", [9206, 9203]],
    ["100%", [9205]],
    ["%", [9205]],
    ["_", []],
    ["nowhere at all", []],
    ["' or 1=1 --", []],
    ['=HYPERLINK("http://evil.example")', []],
  ])("searching %j finds exactly the matching bookings", async (q, expected) => {
    const response = await list(`q=${encodeURIComponent(q)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(idsOf(response.body)).toEqual(expected);
    expect(response.headers.get("x-total-count")).toBe(String(expected.length));
  });

  it.each([
    ["status=pending", [9206, 9201]],
    ["status=confirmed", [9205, 9202]],
    ["status=completed", [9207, 9203]],
    ["status=cancelled", [9204]],
    ["status=all", [9206, 9205, 9204, 9202, 9201, 9207, 9203]],
    ["q=lovelace&status=completed", [9207]],
    ["q=riverside&status=pending", [9201]],
    ["q=bristol&status=confirmed", []],
  ])("filtering %s finds exactly the matching bookings", async (query, expected) => {
    const response = await list(query);
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual(expected);
    expect(response.headers.get("x-total-count")).toBe(String(expected.length));
  });

  it("pages newest first, and a page past the end is empty with the count still given", async () => {
    expect(idsOf((await list("pageSize=2")).body)).toEqual([9206, 9205]);
    const second = await list("pageSize=2&page=2");
    expect(idsOf(second.body)).toEqual([9204, 9202]);
    expect(second.headers.get("x-total-count")).toBe("7");
    expect(idsOf((await list("q=london&pageSize=2&page=3")).body)).toEqual([9207]);
    const past = await list("page=40");
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get("x-total-count")).toBe("7");
  });

  it("shows one booking whole, with the guest's account and the owner; an unknown id is a 404", async () => {
    const response = await admin.get("/api/admin/bookings/9204");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 9204,
      reference: "SL-009204",
      status: "cancelled",
      guestInfo: { firstName: "Marie", lastName: "Curie", email: "marie@finding.test" },
      guestAccount: { id: 9012, name: "Grace Hopper", email: "grace@finding.test" },
      owner: { id: 9001, name: "Lena Landlord", email: "lena@finding.test" },
      property: { id: 9101, slug: "riverside-loft", title: "Riverside Loft", city: "Camden" },
      history: [],
      payments: [],
      awaitingPayment: false,
      canConfirm: false,
      canCancel: false,
    });
    // Only an admin's view: none of the guest's own offers.
    for (const guestOnly of ["canPay", "canReview", "refundIfCancelledNow"]) {
      expect(response.body).not.toHaveProperty(guestOnly);
    }
    const missing = await admin.get("/api/admin/bookings/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Booking not found");
  });

  it.each([
    ["page=0", /Page must be 1 or more/],
    ["page=-3", /Page must be 1 or more/],
    ["page=1001", /Page must be at most 1000/],
    ["page=abc", /Page must be a number/],
    ["page=1.5", /Page must be a whole number/],
    ["pageSize=1000", /Page size must be at most 100/],
    ["status=archived", /Status must be one of all, pending, confirmed, completed, cancelled/],
    ["status=pending%27%20or%201%3D1", /Status must be one of/],
    ["sort=price", /Unknown query parameter: sort/],
    [`q=${"a".repeat(101)}`, /Search text must be at most 100 characters/],
    // A search shows its first 1,000 matches only.
    ["q=london&page=51", /narrow the search/],
  ])("refuses %s with a 400 that says what to fix, changing nothing", async (query, message) => {
    const before = (await admin.get("/api/admin/bookings/stats")).body;
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect((await admin.get("/api/admin/bookings/stats")).body).toEqual(before);
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("refuses the booking id %s with a 400", async (id) => {
    const response = await admin.get(`/api/admin/bookings/${id}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/booking id/i);
  });

  const ADMIN_READS = ["/api/admin/bookings", "/api/admin/bookings/stats", "/api/admin/bookings/9201"];

  it("refuses a signed-out visitor on every read", async () => {
    for (const path of ADMIN_READS) {
      const response = await new HttpClient(server.baseUrl).get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
  });

  it.each(["guest", "landlord", "property_manager", "contractor"] as const)(
    "refuses a %s every read, even of a booking of their own, before reading the input",
    async (role: Exclude<Role, "admin">) => {
      const { client, user } = await signedInUser(t.db, server.baseUrl, { role, isApproved: true });
      // Their own listing and their own stay: Booking Oversight is still not theirs.
      const own = await createProperty(t.db, { ownerId: user.id });
      const stay = await createBooking(t.db, {
        propertyId: own.id,
        guestId: user.id,
        checkIn: "2030-09-01",
        checkOut: "2030-09-03",
      });
      for (const path of [...ADMIN_READS, `/api/admin/bookings/${stay.id}`, "/api/admin/bookings?page=-1"]) {
        const response = await client.get(path);
        expect(response.status, path).toBe(403);
        expect(response.body.message).toBe(
          `You don't have the required role to access this area. Required: Administrator. Your role: ${ROLE_LABELS[role]}`,
        );
      }
    },
  );
});

describe("Take Action: an admin confirms and cancels through the booking lifecycle", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let guest: Awaited<ReturnType<typeof signedInUser>>;
  let landlord: Awaited<ReturnType<typeof signedInUser>>;
  let propertyId: number;

  beforeAll(async () => {
    admin = await signedInUser(t.db, server.baseUrl, { role: "admin", firstName: "Olive", lastName: "Admin" });
    guest = await signedInUser(t.db, server.baseUrl, { firstName: "Gus", lastName: "Guest" });
    landlord = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      firstName: "Lou",
      lastName: "Landlord",
    });
    propertyId = (await createProperty(t.db, { ownerId: landlord.user.id, title: "Canal House" })).id;
  });

  /** A request from the signed-in guest, waiting for an answer (card payments are off here). */
  async function request(checkIn: string, status: "pending" | "confirmed" = "pending") {
    return createBooking(t.db, {
      propertyId,
      guestId: guest.user.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      status,
      totalPrice: "400.00",
      guestFirstName: "Gus",
      guestLastName: "Guest",
      guestEmail: guest.user.email,
      holdExpiresAt: status === "pending" ? new Date(Date.now() + 48 * 3_600_000) : null,
    });
  }

  const statusOf = async (id: number) =>
    (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

  const mailSubjects = (email: string) =>
    t.db.select({ subject: outboxMessages.subject }).from(outboxMessages).where(eq(outboxMessages.recipient, email));

  it("confirms one request and declines another with a reason: the guest sees both, System Logs holds both", async () => {
    const toConfirm = await request("2030-07-01");
    const toDecline = await request("2030-07-08");

    const confirmed = await admin.client.post(`/api/bookings/${toConfirm.id}/accept`, {});
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const declined = await admin.client.post(`/api/bookings/${toDecline.id}/decline`, {
      reason: "The listing failed its safety inspection",
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);

    const mine = (await guest.client.get("/api/bookings/my-bookings")).body as unknown as Array<{
      id: number;
      status: string;
      cancellation: { cancelledBy: string; reason: string | null } | null;
    }>;
    expect(mine.find((b) => b.id === toConfirm.id)?.status).toBe("confirmed");
    // The guest is told StayLondon declined it, not their landlord.
    expect(mine.find((b) => b.id === toDecline.id)).toMatchObject({
      status: "cancelled",
      cancellation: { cancelledBy: "admin", reason: "The listing failed its safety inspection" },
    });

    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.targetId, [String(toConfirm.id), String(toDecline.id)]));
    expect(entries.map((e) => [e.action, e.actorId, e.subjectUserId, e.targetId])).toEqual(
      expect.arrayContaining([
        ["booking.confirmed_by_admin", admin.user.id, guest.user.id, String(toConfirm.id)],
        ["booking.declined_by_admin", admin.user.id, guest.user.id, String(toDecline.id)],
      ]),
    );
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.action === "booking.declined_by_admin")?.message).toContain(
      "The listing failed its safety inspection",
    );

    // The admin list agrees, and offers nothing more on the declined request.
    const listed = (await admin.client.get("/api/admin/bookings?q=canal")).body as unknown as ListItem[];
    expect(listed.find((b) => b.id === toConfirm.id)).toMatchObject({
      status: "confirmed",
      canConfirm: false,
      canCancel: true,
    });
    expect(listed.find((b) => b.id === toDecline.id)).toMatchObject({
      status: "cancelled",
      canConfirm: false,
      canCancel: false,
    });

    // The guest hears of both; the landlord hears of the one they did not decline themselves.
    await expect
      .poll(async () => (await mailSubjects(guest.user.email)).map((m) => m.subject))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/confirmed/i),
          `Booking SL-${String(toDecline.id).padStart(6, "0")} is cancelled`,
        ]),
      );
    await expect
      .poll(async () => (await mailSubjects(landlord.user.email)).map((m) => m.subject))
      .toContain(`Booking SL-${String(toDecline.id).padStart(6, "0")} is cancelled`);
  });

  it("shows the history of each change in the booking's details: who, when, the reason and the refund", async () => {
    const stay = await request("2030-07-15");
    expect((await admin.client.post(`/api/bookings/${stay.id}/accept`, {})).status).toBe(200);
    const cancelled = await admin.client.post(`/api/bookings/${stay.id}/cancel`, { reason: "Host emergency" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.refund).toBe("400.00");

    const details = await admin.client.get(`/api/admin/bookings/${stay.id}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      status: "cancelled",
      guestAccount: { id: guest.user.id, name: "Gus Guest", email: guest.user.email },
      owner: { id: landlord.user.id, name: "Lou Landlord", email: landlord.user.email },
      cancellation: { cancelledBy: "admin", reason: "Host emergency", refundAmount: "400.00" },
      canConfirm: false,
      canCancel: false,
    });
    const history = details.body.history as Array<Record<string, unknown>>;
    expect(history).toEqual([
      expect.objectContaining({
        transition: "accept_request",
        from: "pending",
        to: "confirmed",
        actor: "admin",
        actorName: "Olive Admin",
        refund: null,
        reason: null,
      }),
      expect.objectContaining({
        transition: "cancel_booking",
        from: "confirmed",
        to: "cancelled",
        actor: "admin",
        actorName: "Olive Admin",
        refund: "400.00",
        reason: "Host emergency",
        // Card payments are off here: nothing went through the payment provider.
        providerReference: null,
      }),
    ]);
    expect(Date.parse(String(history[0]?.at))).toBeLessThanOrEqual(Date.parse(String(history[1]?.at)));
  });

  it("refuses an admin's decline or cancel without a reason, changing nothing", async () => {
    const pending = await request("2030-07-22");
    const confirmed = await request("2030-07-29", "confirmed");
    for (const [path, body] of [
      [`/api/bookings/${pending.id}/decline`, {}],
      [`/api/bookings/${pending.id}/decline`, { reason: "  " }],
      [`/api/bookings/${pending.id}/cancel`, { reason: "no" }],
      [`/api/bookings/${confirmed.id}/cancel`, undefined],
    ] as const) {
      const response = await admin.client.post(path, body);
      expect(response.status, path).toBe(400);
      expect(response.body.message).toMatch(/Please give a reason/);
    }
    expect(await statusOf(pending.id)).toBe("pending");
    expect(await statusOf(confirmed.id)).toBe("confirmed");
    const logged = await t.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.targetId, [String(pending.id), String(confirmed.id)]));
    expect(logged).toEqual([]);
    // The landlord's own answer needs no reason, as before.
    expect((await landlord.client.post(`/api/bookings/${pending.id}/decline`, {})).status).toBe(200);
  });

  it("answers 409 for a change the lifecycle does not allow, and leaves the booking as it was", async () => {
    const past = await request("2030-06-05");
    const accepted = await admin.client.post(`/api/bookings/${past.id}/accept`, {});
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toMatch(/check-in date has passed/);
    const begun = await request("2030-06-11", "confirmed");
    const cancel = await admin.client.post(`/api/bookings/${begun.id}/cancel`, { reason: "Too late to cancel" });
    expect(cancel.status).toBe(409);
    expect(await statusOf(past.id)).toBe("pending");
    expect(await statusOf(begun.id)).toBe("confirmed");
    const twice = await request("2030-08-05");
    expect((await admin.client.post(`/api/bookings/${twice.id}/accept`, {})).status).toBe(200);
    expect((await admin.client.post(`/api/bookings/${twice.id}/accept`, {})).status).toBe(409);
  });

  it("lets no guest, other landlord, manager or contractor take the action, changing nothing", async () => {
    const pending = await request("2030-08-12");
    for (const role of ["guest", "landlord", "property_manager", "contractor"] as const) {
      const outsider = await signedInUser(t.db, server.baseUrl, { role, isApproved: true });
      for (const action of ["accept", "decline"]) {
        const response = await outsider.client.post(`/api/bookings/${pending.id}/${action}`, { reason: "Not mine" });
        // A landlord reaches answers in general, but not of a booking of someone else's property.
        expect(response.status, `${role} ${action}`).toBe(role === "landlord" ? 404 : 403);
      }
    }
    expect((await new HttpClient(server.baseUrl).post(`/api/bookings/${pending.id}/accept`, {})).status).toBe(401);
    expect(await statusOf(pending.id)).toBe("pending");
  });

  it("counts a search no further than 1,000 and says so, while an unsearched list counts exactly", async () => {
    const property = await createProperty(t.db, { ownerId: landlord.user.id, title: "Counting Cottage" });
    // Cancelled stays hold no nights, so 1,001 of them can share dates.
    await t.db.execute(sql`
      insert into bookings (property_id, guest_id, check_in, check_out, total_price, status, created_at)
      select ${property.id}, ${guest.user.id}, '2030-09-01', '2030-09-03', 100, 'cancelled',
             now() - g * interval '1 minute'
        from generate_series(1, 1001) g`);
    const searched = await admin.client.get("/api/admin/bookings?q=counting%20cottage&pageSize=100&page=10");
    expect(searched.status).toBe(200);
    expect(searched.headers.get("x-total-count")).toBe("1000");
    expect(searched.headers.get("x-total-count-capped")).toBe("true");
    expect((searched.body as unknown as ListItem[]).length).toBe(100);
    const all = await admin.client.get("/api/admin/bookings?status=cancelled");
    const [exact] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.status, "cancelled"));
    expect(all.headers.get("x-total-count")).toBe(String(exact?.n));
    expect(all.headers.get("x-total-count-capped")).toBeNull();
    expect(exact?.n).toBeGreaterThan(1000);
  });
});

describe("Take Action with card payments on", () => {
  const stripe = setUpStripeTestApp("whsec_admin_bookings_tests");
  const { t, server } = stripe;

  function paidCardBooking(client: HttpClient, checkIn: string) {
    return stripe.cardBooking(client, checkIn, {
      property: { pricePerNight: "250.00", title: "Card Mews" },
      guestInfo: { firstName: "Carla", lastName: "Card", email: "carla@example.com" },
    });
  }

  it("offers no Confirm on a card booking awaiting payment, refusing it with a 409", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const { id } = await paidCardBooking(client, mondayIn(20));
    const listed = (await admin.client.get("/api/admin/bookings?status=pending")).body as unknown as ListItem[];
    expect(listed.find((b) => b.id === id)).toMatchObject({
      awaitingPayment: true,
      canConfirm: false,
      canCancel: true,
    });
    const accept = await admin.client.post(`/api/bookings/${id}/accept`, {});
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe("This booking is confirmed by the guest's card payment, not by accepting it.");
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status).toBe("pending");
  });

  it("shows the payment and its refund after an admin cancels a paid stay", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin", firstName: "Ana", lastName: "Admin" });
    const { id, paymentIntentId } = await paidCardBooking(client, mondayIn(22));
    const payload = paymentSucceededEvent(`evt_admin_${id}`, id, paymentIntentId, 55_000);
    expect((await stripe.deliver(payload)).status).toBe(200);

    const cancelled = await admin.client.post(`/api/bookings/${id}/cancel`, { reason: "Listing withdrawn" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.refund).toBe("550.00");

    const details = await admin.client.get(`/api/admin/bookings/${id}`);
    expect(details.status).toBe(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id)));
    expect(details.body.payments).toEqual([
      {
        id: payment?.id,
        amount: "550.00",
        currency: "gbp",
        status: "refunded",
        refundedAmount: "550.00",
        providerReference: paymentIntentId,
        createdAt: payment?.createdAt.toISOString(),
      },
    ]);
    const history = details.body.history as Array<Record<string, unknown>>;
    expect(history.map((h) => [h.transition, h.actor, h.actorName])).toEqual([
      ["confirm_payment", "system", null],
      ["cancel_booking", "admin", "Ana Admin"],
    ]);
    expect(history[0]?.providerReference).toBe(paymentIntentId);
    expect(history[1]).toMatchObject({ refund: "550.00", reason: "Listing withdrawn" });
    expect(String(history[1]?.providerReference)).toMatch(/^re_/);
    // No secret of the payment provider leaves the server.
    expect(JSON.stringify(details.body)).not.toMatch(/client_secret|secret|sk_test/i);
  });
});

describe("a booking whose guest has no name anywhere", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });

  it("falls back to the account's e-mail when neither the booking nor the account has a name", async () => {
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const nameless = await createUser(t.db, { email: "no-name@finding.test", firstName: null, lastName: null });
    const booking = await createBooking(t.db, {
      propertyId: (await createProperty(t.db)).id,
      guestId: nameless.id,
      checkIn: "2030-07-01",
      checkOut: "2030-07-02",
    });
    const listed = (await admin.client.get("/api/admin/bookings?q=no-name")).body as unknown as ListItem[];
    expect(listed).toEqual([expect.objectContaining({ id: booking.id, guestName: "no-name@finding.test" })]);
  });
});
