import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles";
import type { TAdminPropertyAnalytics } from "../../common/schemas/admin-properties";
import { ZAdminProperty, ZAdminPropertyAnalytics } from "../../common/schemas/admin-properties";
import { bookingReference } from "../../common/schemas/bookings";
import { ZManagedProperty } from "../../common/schemas/landlord-properties";
import { auditLogs, availability, bookingEvents, bookings, properties } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { occupancyWeeks } from "../support/analytics";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Property Management's API against data made here. "Today" is fixed: 2026-03-18 12:00 UTC is Wednesday 18 March
 * 2026 in London.
 *
 * The search set: owners whose addresses end in @fixed-set.test, and their listings, newest first:
 *   canal     "Canal Boat Retreat"     Islington        removed by an admin ("Fake photos")   inactive
 *   percent   "100% Central_Flat"      Westminster      active                                active
 *   formula   "=cmd|' /C calc'!A0"     Brighton         active                                active
 *   quiet     "Quiet Courtyard Flat"   Islington        deactivated by its owner              inactive
 *             (its description mentions a riverside walk: a title search must not find it)
 *   mews      "Chelsea Mews House"     Kensington       available from 2026-04-01             pending
 *   garden    "Garden Studio"          Hackney          under maintenance                     pending
 *   loft      "Riverside Loft"         Camden           active                                active
 * Ada Lovelace owns loft and quiet; Isambard Brunel owns garden, mews and canal; Zed Formula owns formula and
 * percent.
 */
const NOW = new Date("2026-03-18T12:00:00Z");
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });

let admin: HttpClient;
let adminId: number;
const set = { loft: 0, garden: 0, mews: 0, quiet: 0, formula: 0, percent: 0, canal: 0 };
/** Limits a search to the fixed set: every owner's address contains it. */
const FIXED = "fixed-set.test";

async function listed(query: string) {
  const response = await admin.get(`/api/admin/properties?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const items = (response.body as unknown as unknown[]).map((item) => ZAdminProperty.parse(item));
  return { items, ids: items.map((p) => p.id), total: Number(response.headers.get("x-total-count")) };
}

async function propertyRow(id: number) {
  const [row] = await t.db.select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error(`no property ${id}`);
  return row;
}

const auditFor = (propertyId: number) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, "property"), eq(auditLogs.targetId, String(propertyId))));

beforeAll(async () => {
  const signedIn = await signedInUser(t.db, server.baseUrl, {
    role: "admin",
    firstName: "Grace",
    lastName: "Hopper",
  });
  admin = signedIn.client;
  adminId = signedIn.user.id;

  const landlord = (firstName: string, lastName: string, email: string) =>
    createUser(t.db, { role: "landlord", firstName, lastName, email });
  const ada = await landlord("Ada", "Lovelace", "ada@fixed-set.test");
  const brunel = await landlord("Isambard", "Brunel", "ik.brunel@fixed-set.test");
  const zed = await landlord("Zed", "Formula", "z@fixed-set.test");
  const day = (n: number) => new Date(`2026-01-0${n}T10:00:00Z`);
  /** A listing of the set, made on 1 January 2026 + `n - 1` days. */
  const listing = async (ownerId: number, n: number, fields: Omit<Parameters<typeof createProperty>[1], "ownerId">) =>
    (await createProperty(t.db, { ownerId, createdAt: day(n), ...fields })).id;
  set.loft = await listing(ada.id, 1, {
    title: "Riverside Loft",
    city: "Camden",
    photos: ["https://images.example/loft-main.jpg", "https://images.example/loft-2.jpg"],
  });
  set.garden = await listing(brunel.id, 2, {
    title: "Garden Studio",
    city: "Hackney",
    underMaintenance: true,
  });
  set.mews = await listing(brunel.id, 3, {
    title: "Chelsea Mews House",
    city: "Kensington and Chelsea",
    availableFrom: "2026-04-01",
  });
  set.quiet = await listing(ada.id, 4, {
    title: "Quiet Courtyard Flat",
    description: "A calm flat five minutes from a riverside walk, with a courtyard garden.",
    city: "Islington",
    isActive: false,
  });
  set.formula = await listing(zed.id, 5, {
    title: "=cmd|' /C calc'!A0",
    city: "Brighton",
    region: "Brighton",
  });
  set.percent = await listing(zed.id, 6, {
    title: "100% Central_Flat",
    city: "Westminster",
    pricePerMonth: "4800.00",
    pricePerNight: "210.50",
  });
  set.canal = await listing(brunel.id, 7, {
    title: "Canal Boat Retreat",
    city: "Islington",
    isActive: false,
    removedAt: new Date("2026-03-01T09:00:00Z"),
    removedBy: adminId,
    removalReason: "Fake photos",
  });
  // Bookings count unless cancelled.
  await createBooking(t.db, {
    propertyId: set.loft,
    checkIn: "2026-02-01",
    checkOut: "2026-02-03",
    status: "completed",
  });
  await createBooking(t.db, {
    propertyId: set.loft,
    checkIn: "2026-02-10",
    checkOut: "2026-02-12",
    status: "cancelled",
  });
  await createBooking(t.db, {
    propertyId: set.loft,
    checkIn: "2026-02-20",
    checkOut: "2026-02-22",
    status: "pending",
    holdExpiresAt: new Date("2099-01-01T00:00:00Z"),
  });
});

describe("the list", () => {
  it("shows every listing newest first with its owner, bookings, cover photo and status from its real state", async () => {
    const { items, ids, total } = await listed(`q=${FIXED}`);
    expect(ids).toEqual([set.canal, set.percent, set.formula, set.quiet, set.mews, set.garden, set.loft]);
    expect(total).toBe(7);
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(set.loft)).toMatchObject({
      title: "Riverside Loft",
      city: "Camden",
      price: "3600.00",
      pricePerNight: "150.00",
      status: "active",
      statusDetail: "bookable",
      ownerName: "Ada Lovelace",
      ownerEmail: "ada@fixed-set.test",
      bookings: 2,
      createdAt: "2026-01-01T10:00:00.000Z",
      removal: null,
      images: [
        { url: "https://images.example/loft-main.jpg", srcSet: null },
        { url: "https://images.example/loft-2.jpg", srcSet: null },
      ],
    });
    expect(byId.get(set.garden)).toMatchObject({ status: "pending", statusDetail: "under_maintenance", bookings: 0 });
    expect(byId.get(set.mews)).toMatchObject({
      status: "pending",
      statusDetail: "available_later",
      availableFrom: "2026-04-01",
    });
    expect(byId.get(set.quiet)).toMatchObject({
      status: "inactive",
      statusDetail: "deactivated_by_owner",
      removal: null,
    });
    expect(byId.get(set.canal)).toMatchObject({
      status: "inactive",
      statusDetail: "removed",
      removal: { at: "2026-03-01T09:00:00.000Z", by: { id: adminId, name: "Grace Hopper" }, reason: "Fake photos" },
    });
    expect(byId.get(set.percent)).toMatchObject({ price: "4800.00", pricePerNight: "210.50" });
  });

  it("never sends secrets", async () => {
    const response = await admin.get(`/api/admin/properties?q=${FIXED}`);
    expect(JSON.stringify(response.body)).not.toMatch(/password|token|registrationIp|phone/i);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    ["the title, not the description", "riverside", ["loft"]],
    ["the title in any case", "GARDEN stud", ["garden"]],
    ["the place", "islington", ["canal", "quiet"]],
    ["the region", "brighton", ["formula"]],
    ["the owner's first and last name", "ada lovelace", ["quiet", "loft"]],
    ["the owner's last name", "brunel", ["canal", "mews", "garden"]],
    ["the owner's e-mail", "ik.brunel@", ["canal", "mews", "garden"]],
    ["a percent sign literally", "%", ["percent"]],
    ["an underscore literally", "l_f", ["percent"]],
    ["formula text literally", "=cmd|", ["formula"]],
  ] as const)("searches %s", async (_label, q, expected) => {
    const { ids, total } = await listed(`q=${encodeURIComponent(q)}`);
    expect(ids).toEqual(expected.map((name) => set[name]));
    expect(total).toBe(expected.length);
  });

  it.each([
    ["active", ["percent", "formula", "loft"]],
    ["pending", ["mews", "garden"]],
    ["inactive", ["canal", "quiet"]],
  ] as const)("filters by status %s", async (status, expected) => {
    const { ids, total } = await listed(`q=${FIXED}&status=${status}`);
    expect(ids).toEqual(expected.map((name) => set[name]));
    expect(total).toBe(expected.length);
  });

  it("combines the search with the status", async () => {
    expect((await listed("q=brunel&status=pending")).ids).toEqual([set.mews, set.garden]);
  });

  it("pages with the match count in X-Total-Count, and answers a page past the end with nothing", async () => {
    const second = await listed(`q=${FIXED}&pageSize=3&page=2`);
    expect(second.ids).toEqual([set.quiet, set.mews, set.garden]);
    expect(second.total).toBe(7);
    const past = await listed(`q=${FIXED}&pageSize=3&page=900`);
    expect(past).toMatchObject({ ids: [], total: 7 });
  });

  it("finds nothing for SQL-looking text and leaves the tables alone", async () => {
    const { ids, total } = await listed(`q=${encodeURIComponent("'; drop table properties; --")}`);
    expect(ids).toEqual([]);
    expect(total).toBe(0);
    expect((await listed(`q=${FIXED}`)).total).toBe(7);
  });

  it.each([
    ["page=0", "Page must be 1 or more"],
    ["page=1001", "Page must be at most 1000; narrow the search instead"],
    ["page=abc", "Page must be a number"],
    ["pageSize=101", "Page size must be at most 100"],
    ["status=archived", "status must be one of active, pending, inactive"],
    ["sort=title", null],
    [`q=${"x".repeat(101)}`, "Search text must be at most 100 characters"],
  ])("refuses %s with a 400 saying why", async (query, message) => {
    const response = await admin.get(`/api/admin/properties?${query}`);
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe("string");
    if (message) expect(response.body.message).toContain(message);
  });
});

describe("the CSV export", () => {
  /** The CSV's lines, after checking it opens with UTF-8's byte-order mark (which text() would drop silently). */
  async function rowsOf(response: Response) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3)).split("\r\n");
    expect(lines.at(-1)).toBe("");
    return lines.slice(0, -1);
  }

  it("downloads exactly the filtered rows, newest first, with formulas neutralised", async () => {
    const response = await fetch(`${server.baseUrl}/api/admin/properties/export.csv?q=${FIXED}&status=active`, {
      headers: { cookie: admin.cookie ?? "" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="staylondon-properties-2026-03-18.csv"',
    );
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(response.headers.get("x-exported-count")).toBe("3");
    const lines = await rowsOf(response);
    expect(lines).toEqual([
      "id,title,city,status,price per month,price per night,owner name,owner email,bookings,listed date,removal reason,verified at",
      `${set.percent},100% Central_Flat,Westminster,active,4800.00,210.50,Zed Formula,z@fixed-set.test,0,2026-01-06,,`,
      `${set.formula},'=cmd|' /C calc'!A0,Brighton,active,3600.00,150.00,Zed Formula,z@fixed-set.test,0,2026-01-05,,`,
      `${set.loft},Riverside Loft,Camden,active,3600.00,150.00,Ada Lovelace,ada@fixed-set.test,2,2026-01-01,,`,
    ]);
  });

  it("carries the removal reason of a removed listing", async () => {
    const response = await fetch(`${server.baseUrl}/api/admin/properties/export.csv?q=canal`, {
      headers: { cookie: admin.cookie ?? "" },
    });
    const lines = await rowsOf(response);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,inactive,.*,2026-01-07,Fake photos,$/);
  });

  it("refuses unknown parameters and pages, which an export has none of", async () => {
    for (const query of ["page=2", "status=gone", "format=xlsx"]) {
      const response = await admin.get(`/api/admin/properties/export.csv?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe("removing and restoring", () => {
  const reason = "Listing photos do not match the property";

  async function freshListing(title: string) {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", firstName: "Owen", lastName: "Er" });
    const property = await createProperty(t.db, { ownerId: owner.user.id, title });
    return { owner, property };
  }

  it("refuses while confirmed stays are ahead, naming how many and the first date; allows it once they are cancelled", async () => {
    const { property } = await freshListing("Harbour View Flat");
    const later = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2027-01-10",
      checkOut: "2027-01-14",
      status: "confirmed",
    });
    const first = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-12-03",
      checkOut: "2026-12-06",
      status: "confirmed",
    });
    // A stay that ended today holds nothing any more.
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-03-15",
      checkOut: "2026-03-18",
      status: "confirmed",
    });

    const refused = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This listing has 2 upcoming confirmed stays (the first on 3 Dec 2026). Cancel or move them in Booking Oversight first.",
    );
    expect(await propertyRow(property.id)).toMatchObject({ isActive: true, removedAt: null, removalReason: null });
    expect(await auditFor(property.id)).toEqual([]);

    expect((await admin.post(`/api/bookings/${first.id}/cancel`, { reason: "Moving the guest" })).status).toBe(200);
    const one = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    expect(one.body.message).toBe(
      "This listing has 1 upcoming confirmed stay (on 10 Jan 2027). Cancel or move it in Booking Oversight first.",
    );
    expect((await admin.post(`/api/bookings/${later.id}/cancel`, { reason: "Moving the guest" })).status).toBe(200);

    const removed = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason: `  ${reason}  ` });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({
      declinedRequests: 0,
      property: {
        id: property.id,
        status: "inactive",
        statusDetail: "removed",
        removal: { by: { id: adminId, name: "Grace Hopper" }, reason },
      },
    });
    const row = await propertyRow(property.id);
    expect(row).toMatchObject({ isActive: false, removedBy: adminId, removalReason: reason });
    expect(row.removedAt).toBeInstanceOf(Date);
  });

  it("refuses while a guest is staying, until they have checked out", async () => {
    const { property } = await freshListing("Dockside Studio");
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-03-15",
      checkOut: "2026-03-20",
      status: "confirmed",
    });
    const refused = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: "A guest is staying at this listing until 20 Mar 2026. It can be removed once they have checked out.",
      },
    });
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-04-01",
      checkOut: "2026-04-03",
      status: "confirmed",
    });
    const two = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    expect(two.body.message).toBe(
      "A guest is staying at this listing until 20 Mar 2026, and 1 more confirmed stay follows. Cancel or move the later one in Booking Oversight, and remove the listing once the guest has checked out.",
    );
    expect((await propertyRow(property.id)).isActive).toBe(true);
  });

  it("writes property.removed with the admin, the owner and the reason, and the listing leaves the public pages", async () => {
    const { owner, property } = await freshListing("Lantern Row Cottage");
    const before = await new HttpClient(server.baseUrl).get(`/api/properties?q=${encodeURIComponent("Lantern Row")}`);
    expect((before.body as unknown as { id: number }[]).map((p) => p.id)).toContain(property.id);

    expect((await admin.post(`/api/admin/properties/${property.id}/remove`, { reason })).status).toBe(200);

    const [entry, ...others] = await auditFor(property.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: "warning",
      action: "property.removed",
      message: `Removed the listing "Lantern Row Cottage": ${reason}`,
      actorId: adminId,
      actorLabel: expect.stringContaining("Grace Hopper <"),
      subjectUserId: owner.user.id,
      subjectLabel: `Owen Er <${owner.user.email}>`,
      details: { reason, declinedRequests: [] },
    });
    expect(entry?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const after = await new HttpClient(server.baseUrl).get(`/api/properties?q=${encodeURIComponent("Lantern Row")}`);
    expect((after.body as unknown as { id: number }[]).map((p) => p.id)).not.toContain(property.id);

    const twice = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    expect(twice).toMatchObject({ status: 409, body: { message: "This listing is already removed." } });
    expect(await auditFor(property.id)).toHaveLength(1);
  });

  it("removes once when two admins remove at the same moment", async () => {
    const { property } = await freshListing("Twin Click Flat");
    const answers = await Promise.all([
      admin.post(`/api/admin/properties/${property.id}/remove`, { reason }),
      admin.post(`/api/admin/properties/${property.id}/remove`, { reason: "Duplicate listing" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditFor(property.id)).toHaveLength(1);
  });

  it("declines pending requests with the listing, tells nobody they were paid, and lets lapsed holds lapse", async () => {
    const { property } = await freshListing("Orchard Lane House");
    const request = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-05-01",
      checkOut: "2026-05-04",
      status: "pending",
      holdExpiresAt: new Date("2099-01-01T00:00:00Z"),
      guestFirstName: "Mary",
      guestLastName: "Seacole",
      guestEmail: "mary@guests.test",
    });
    const lapsed = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-06-01",
      checkOut: "2026-06-03",
      status: "pending",
      holdExpiresAt: new Date("2020-01-01T00:00:00Z"),
    });

    const removed = await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    expect(removed.status).toBe(200);
    expect(removed.body.declinedRequests).toBe(1);

    const rows = await t.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [request.id, lapsed.id]));
    const declined = rows.find((b) => b.id === request.id);
    expect(declined).toMatchObject({
      status: "cancelled",
      cancelledBy: "admin",
      refundAmount: "0.00",
      cancellationReason: "The listing was removed from StayLondon, so this request could not go ahead.",
    });
    expect(rows.find((b) => b.id === lapsed.id)).toMatchObject({ status: "cancelled", cancelledBy: "system" });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, request.id));
    expect(events).toEqual([
      expect.objectContaining({ transition: "decline_request", actor: "admin", actorUserId: adminId }),
    ]);
    const [bookingEntry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "booking"), eq(auditLogs.targetId, String(request.id))));
    expect(bookingEntry).toMatchObject({
      action: "booking.declined_by_admin",
      subjectLabel: "Mary Seacole <mary@guests.test>",
      message: `Declined the request ${bookingReference(request.id)}: its listing was removed`,
    });
    const [propertyEntry] = await auditFor(property.id);
    expect(propertyEntry?.details).toEqual({ reason, declinedRequests: [bookingReference(request.id)] });
  });

  it("restores a removed listing: listed again, removal cleared, property.restored written; 409 when not removed", async () => {
    const { owner, property } = await freshListing("Willow Bank Flat");
    await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    const restored = await admin.post(`/api/admin/properties/${property.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(ZAdminProperty.parse(restored.body)).toMatchObject({
      id: property.id,
      status: "active",
      statusDetail: "bookable",
      removal: null,
    });
    expect(await propertyRow(property.id)).toMatchObject({
      isActive: true,
      removedAt: null,
      removedBy: null,
      removalReason: null,
    });
    const entries = await auditFor(property.id);
    expect(entries.map((e) => e.action)).toEqual(["property.removed", "property.restored"]);
    expect(entries[1]).toMatchObject({
      type: "info",
      message: 'Restored the listing "Willow Bank Flat"',
      actorId: adminId,
      subjectUserId: owner.user.id,
    });

    const again = await admin.post(`/api/admin/properties/${property.id}/restore`);
    expect(again).toMatchObject({
      status: 409,
      body: { message: "This listing is not removed; whether it is listed is its owner's choice." },
    });
    // A listing its owner deactivated is theirs to list again, not an admin's to restore.
    const { property: paused } = await freshListing("Paused Flat");
    await t.db.update(properties).set({ isActive: false }).where(eq(properties.id, paused.id));
    expect((await admin.post(`/api/admin/properties/${paused.id}/restore`)).status).toBe(409);
    expect((await propertyRow(paused.id)).isActive).toBe(false);
  });

  it("keeps the owner from listing a removed listing again, and tells them why on the manage page", async () => {
    const { owner, property } = await freshListing("Ferry Steps House");
    await admin.post(`/api/admin/properties/${property.id}/remove`, { reason });
    for (const status of ["active", "maintenance"]) {
      const refused = await owner.client.post(`/api/properties/${property.id}/status`, { status });
      expect(refused, status).toMatchObject({
        status: 409,
        body: { message: `StayLondon removed this listing: ${reason}. Contact support to list it again.` },
      });
    }
    expect(await propertyRow(property.id)).toMatchObject({ isActive: false, underMaintenance: false });
    // Keeping it unlisted is allowed and changes nothing of the removal.
    expect((await owner.client.post(`/api/properties/${property.id}/status`, { status: "inactive" })).status).toBe(200);
    const manage = ZManagedProperty.parse((await owner.client.get(`/api/properties/${property.id}/manage`)).body);
    expect(manage).toMatchObject({ status: "inactive", removal: { reason } });
    expect(manage.removal?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await admin.post(`/api/admin/properties/${property.id}/restore`);
    const listedAgain = await owner.client.post(`/api/properties/${property.id}/status`, { status: "maintenance" });
    expect(listedAgain.status).toBe(200);
    expect(ZManagedProperty.parse(listedAgain.body)).toMatchObject({ status: "maintenance", removal: null });
  });

  it.each([
    [{}, "reason: Please give a reason"],
    [{ reason: "  " }, "reason: Please give a reason (at least 3 characters)"],
    [{ reason: "x".repeat(501) }, "reason: The reason must be at most 500 characters"],
    [{ reason: 42 }, "reason: Please give a reason"],
    [{ reason: "Fake photos", extra: true }, null],
  ])("refuses the body %j with a 400 and changes nothing", async (body, message) => {
    const { property } = await freshListing("Untouched Flat");
    const response = await admin.post(`/api/admin/properties/${property.id}/remove`, body);
    expect(response.status).toBe(400);
    if (message) expect(response.body.message).toBe(message);
    expect((await propertyRow(property.id)).isActive).toBe(true);
    expect(await auditFor(property.id)).toEqual([]);
  });

  it("keeps formula and SQL-looking reasons as plain text", async () => {
    const { property } = await freshListing("Quoted Reason Flat");
    const odd = '=HYPERLINK("x"); drop table properties; --';
    expect((await admin.post(`/api/admin/properties/${property.id}/remove`, { reason: odd })).status).toBe(200);
    expect((await propertyRow(property.id)).removalReason).toBe(odd);
    const response = await fetch(`${server.baseUrl}/api/admin/properties/export.csv?q=Quoted%20Reason`, {
      headers: { cookie: admin.cookie ?? "" },
    });
    expect(await response.text()).toContain(`,"'=HYPERLINK(""x""); drop table properties; --",\r\n`);
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999", "2147483647"])(
    "answers a 4xx for the id %s and changes nothing",
    async (id) => {
      for (const action of ["remove", "restore"]) {
        const response = await admin.post(`/api/admin/properties/${id}/${action}`, { reason });
        expect([400, 404], `${action} ${id}`).toContain(response.status);
        expect(typeof response.body.message).toBe("string");
      }
      const analytics = await admin.get(`/api/admin/properties/${id}/analytics`);
      expect([400, 404]).toContain(analytics.status);
    },
  );
});

describe("a listing's figures", () => {
  /**
   * Listed 2026-02-04. This month is March 2026 (31 nights, 03-20 blocked: 30 open); last month February. The 8
   * weeks run from Monday 26 January to Sunday 22 March.
   *   completed 02-10 → 02-12  £300.00  February; nights 02-10, 02-11 (week of 02-09)
   *   confirmed 03-02 → 03-05  £450.00  March; nights 03-02 … 03-04 (week of 03-02)
   *   confirmed 03-16 → 03-19  £600.00  March; nights 03-16 … 03-18 (week of 03-16)
   *   cancelled 03-10 → 03-12  £999.00  never counts
   *   pending   03-25 → 03-27  £250.00  never counts
   * Revenue: total 1,350; this month 1,050; last month 300; growth (1050 − 300) / 300 = 250.0 %; 3 stays.
   * Occupancy this month: 6 booked of 30 open = 20.0 %.
   * Weeks: 01-26 listed later, 0 of 0 → 0; 02-02 from 02-04, 0 of 5; 02-09 2 of 7 = 28.6; 02-16 0 of 7;
   * 02-23 0 of 7; 03-02 3 of 7 = 42.9; 03-09 0 of 7; 03-16 3 of 6 (03-20 blocked) = 50.0.
   */
  let propertyId = 0;

  beforeAll(async () => {
    const property = await createProperty(t.db, { title: "Figures Flat", createdAt: new Date("2026-02-04T12:00:00Z") });
    propertyId = property.id;
    const stay = (
      checkIn: string,
      checkOut: string,
      status: "completed" | "confirmed" | "cancelled" | "pending",
      price: string,
    ) =>
      createBooking(t.db, {
        propertyId,
        checkIn,
        checkOut,
        status,
        totalPrice: price,
        holdExpiresAt: status === "pending" ? new Date("2099-01-01T00:00:00Z") : null,
      });
    await stay("2026-02-10", "2026-02-12", "completed", "300.00");
    await stay("2026-03-02", "2026-03-05", "confirmed", "450.00");
    await stay("2026-03-16", "2026-03-19", "confirmed", "600.00");
    await stay("2026-03-10", "2026-03-12", "cancelled", "999.00");
    await stay("2026-03-25", "2026-03-27", "pending", "250.00");
    await t.db.insert(availability).values({ propertyId, date: "2026-03-20", status: "blocked" });
  });

  it("gives revenue and occupancy by the landlord rules", async () => {
    const response = await admin.get(`/api/admin/properties/${propertyId}/analytics`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const figures: TAdminPropertyAnalytics = ZAdminPropertyAnalytics.parse(response.body);
    expect(figures).toEqual({
      property: { id: propertyId, title: "Figures Flat", status: "active", statusDetail: "bookable" },
      month: "2026-03",
      revenue: { total: 1350, thisMonth: 1050, lastMonth: 300, growth: 250, stays: 3 },
      occupancy: {
        monthlyRate: 20,
        monthBookedNights: 6,
        monthOpenNights: 30,
        weeks: occupancyWeeks("2026-01-26", [
          [0, 0, 0], // w/c 01-26
          [0, 0, 5], // w/c 02-02
          [28.6, 2, 7], // w/c 02-09
          [0, 0, 7], // w/c 02-16
          [0, 0, 7], // w/c 02-23
          [42.9, 3, 7], // w/c 03-02
          [0, 0, 7], // w/c 03-09
          [50, 3, 6], // w/c 03-16
        ]),
      },
    });
  });

  it("keeps the revenue of a listing that is not listed, and has no occupancy for it", async () => {
    await t.db.update(properties).set({ isActive: false }).where(eq(properties.id, propertyId));
    const figures = ZAdminPropertyAnalytics.parse(
      (await admin.get(`/api/admin/properties/${propertyId}/analytics`)).body,
    );
    expect(figures.revenue).toEqual({ total: 1350, thisMonth: 1050, lastMonth: 300, growth: 250, stays: 3 });
    expect(figures.occupancy).toBeNull();
    expect(figures.property.status).toBe("inactive");
  });

  it("answers a new listing with zeros and no growth", async () => {
    const property = await createProperty(t.db, {
      title: "Brand New Flat",
      createdAt: new Date("2026-03-18T08:00:00Z"),
    });
    const figures = ZAdminPropertyAnalytics.parse(
      (await admin.get(`/api/admin/properties/${property.id}/analytics`)).body,
    );
    expect(figures.revenue).toEqual({ total: 0, thisMonth: 0, lastMonth: 0, growth: null, stays: 0 });
    expect(figures.occupancy).toMatchObject({ monthlyRate: 0, monthBookedNights: 0, monthOpenNights: 14 });
  });

  it("answers 404 for a listing that does not exist", async () => {
    const response = await admin.get("/api/admin/properties/999999/analytics");
    expect(response).toMatchObject({ status: 404, body: { message: "Property not found" } });
  });
});

describe("who may use Property Management", () => {
  const calls = (id: number) =>
    [
      ["GET", "/api/admin/properties"],
      ["GET", "/api/admin/properties/export.csv"],
      ["POST", `/api/admin/properties/${id}/remove`],
      ["POST", `/api/admin/properties/${id}/restore`],
      ["GET", `/api/admin/properties/${id}/analytics`],
    ] as const;

  it("asks a signed-out visitor to log in, and changes nothing", async () => {
    const property = await createProperty(t.db, { title: "Gate Test Flat" });
    for (const [method, path] of calls(property.id)) {
      const response = await new HttpClient(server.baseUrl).request(
        method,
        path,
        method === "POST" ? { reason: "Spam" } : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
    expect((await propertyRow(property.id)).isActive).toBe(true);
  });

  it.each(["guest", "landlord", "property_manager", "contractor"] as const)(
    "refuses a %s on every call, naming the administrator role, and changes nothing",
    async (role: Role) => {
      const { client, user } = await signedInUser(t.db, server.baseUrl, { role });
      // A landlord is refused even on their own listing.
      const property = await createProperty(t.db, { title: `Gate ${role} Flat`, ownerId: user.id });
      const label = {
        guest: "Guest/Tenant",
        landlord: "Landlord/Owner",
        property_manager: "Property Manager",
        contractor: "Contractor/Service Provider",
        admin: "Administrator",
      }[role];
      for (const [method, path] of calls(property.id)) {
        const response = await client.request(method, path, method === "POST" ? { reason: "Spam listing" } : undefined);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toBe(
          `You don't have the required role to access this area. Required: Administrator. Your role: ${label}`,
        );
      }
      expect(await propertyRow(property.id)).toMatchObject({ isActive: true, removedAt: null });
      expect(await auditFor(property.id)).toEqual([]);
    },
  );

  it("refuses before reading the input, so a wrong role learns nothing from it", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role: "guest" });
    expect((await client.get("/api/admin/properties?page=0")).status).toBe(403);
    expect((await client.post("/api/admin/properties/abc/remove", {})).status).toBe(403);
  });
});
