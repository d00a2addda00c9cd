import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { calendarFeeds, importedStays } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * London's 90-night yearly limit on whole-home short lets, kept by the server: every night of every stay under 90
 * nights counts towards its calendar year, and a booking that would pass 90 is refused, however many arrive at once.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const YEAR = 2027;
/** Short stays of `nights` nights each, one after another from 1 February, adding up to `total` nights. */
async function letShort(propertyId: number, total: number, from = `${YEAR}-02-01`) {
  let checkIn = from;
  for (let left = total; left > 0; left -= Math.min(8, left)) {
    const nights = Math.min(8, left);
    await createBooking(t.db, { propertyId, checkIn, checkOut: addDays(checkIn, nights), status: "confirmed" });
    checkIn = addDays(checkIn, nights + 1);
  }
}

const stay = (propertyId: number, checkIn: string, nights: number) => ({
  propertyId,
  checkIn,
  checkOut: addDays(checkIn, nights),
  guestCount: 1,
  guestInfo: { firstName: "Lena", lastName: "Ledger", email: "lena@ledger.test" },
});

describe("the London 90-night ledger", () => {
  it("with 88 nights let in a year, a 3-night booking is refused, a 2-night one reaches 90, and then nothing more", async () => {
    const property = await createProperty(t.db, { maxGuests: 2 });
    await letShort(property.id, 88);
    const { client: guest } = await signedInUser(t.db, server.baseUrl);

    const quote = await guest.get(
      `/api/properties/${property.id}/quote?checkIn=${YEAR}-06-01&checkOut=${YEAR}-06-04&guests=1`,
    );
    expect(quote.body).toMatchObject({
      available: false,
      reasons: [
        "Short lets of a whole home in London are limited to 90 nights a year, and this home has 2 nights left in 2027.",
      ],
    });
    const refused = await guest.post("/api/bookings", stay(property.id, `${YEAR}-06-01`, 3));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/2 nights left in 2027/);

    expect((await guest.post("/api/bookings", stay(property.id, `${YEAR}-06-01`, 2))).status).toBe(201);
    const full = await guest.post("/api/bookings", stay(property.id, `${YEAR}-07-01`, 1));
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/no nights left in 2027/);
  });

  it("does not hold a lapsed hold's nights against the limit: a booking that needs them releases it first", async () => {
    const property = await createProperty(t.db, { maxGuests: 2 });
    await letShort(property.id, 85);
    // A request whose 48 hours ran out before the job came round: still pending in the table.
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: `${YEAR}-09-01`,
      checkOut: `${YEAR}-09-06`,
      status: "pending",
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    expect((await guest.post("/api/bookings", stay(property.id, `${YEAR}-06-01`, 5))).status).toBe(201);
    // The sixth night is over: counted with the lapsed hold gone, 90 are let.
    const full = await guest.post("/api/bookings", stay(property.id, `${YEAR}-07-01`, 1));
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/no nights left in 2027/);
  });

  it("counts nights let on other sites (imported calendars) with ours, a night shown by both only once", async () => {
    const property = await createProperty(t.db, { maxGuests: 2 });
    await letShort(property.id, 40);
    const [feed] = await t.db
      .insert(calendarFeeds)
      .values({ propertyId: property.id, name: "Other site", url: "https://calendar.example.com/other.ics" })
      .returning();
    if (!feed) throw new Error("feed not written");
    // 48 nights from the other site in eight 6-night stays, and one echo of a stay we already count.
    const imported = Array.from({ length: 8 }, (_, i) => {
      const startsOn = addDays(`${YEAR}-07-01`, i * 7);
      return { feedId: feed.id, propertyId: property.id, uid: `other-${i}`, startsOn, endsOn: addDays(startsOn, 6) };
    });
    imported.push({
      feedId: feed.id,
      propertyId: property.id,
      uid: "echo",
      startsOn: `${YEAR}-02-01`,
      endsOn: `${YEAR}-02-09`,
    });
    await t.db.insert(importedStays).values(imported);
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    // 40 + 48 = 88: three more nights would pass the limit, two reach it.
    const refused = await guest.post("/api/bookings", stay(property.id, `${YEAR}-10-01`, 3));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/2 nights left in 2027/);
    expect((await guest.post("/api/bookings", stay(property.id, `${YEAR}-10-01`, 2))).status).toBe(201);
  });

  it("does not count a stay of 90 nights or more, nor cancelled stays", async () => {
    const property = await createProperty(t.db, { maxGuests: 2 });
    await letShort(property.id, 88);
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: `${YEAR}-08-01`,
      checkOut: addDays(`${YEAR}-08-01`, 90),
      status: "confirmed",
    });
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: `${YEAR}-11-10`,
      checkOut: `${YEAR}-11-20`,
      status: "cancelled",
    });
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    expect((await guest.post("/api/bookings", stay(property.id, `${YEAR}-11-10`, 2))).status).toBe(201);
  });

  it("splits a stay over New Year: only its nights in the full year are refused", async () => {
    const property = await createProperty(t.db, { maxGuests: 2 });
    await letShort(property.id, 90);
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    // Every night in 2026: allowed. One night in 2027: refused.
    expect((await guest.post("/api/bookings", stay(property.id, "2026-12-28", 3))).status).toBe(201);
    const crossing = await guest.post("/api/bookings", stay(property.id, `2026-12-31`, 2));
    expect(crossing.status).toBe(409);
    expect(crossing.body.message).toMatch(/no nights left in 2027/);
  });

  it("lets planning permission, a room, or a home outside London take more than 90 nights", async () => {
    const permitted = await createProperty(t.db, { shortLetPermission: "Camden 2024/0412/P" });
    const room = await createProperty(t.db, { propertyType: "room" });
    const bath = await createProperty(t.db, { city: "Bath", region: "Bath" });
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    for (const property of [permitted, room, bath]) {
      await letShort(property.id, 90);
      expect((await guest.post("/api/bookings", stay(property.id, `${YEAR}-10-01`, 3))).status).toBe(201);
    }
  });

  it("gives the last nights to one booking when several ask at once", async () => {
    const property = await createProperty(t.db, { maxGuests: 2 });
    await letShort(property.id, 86);
    const guests = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t.db, server.baseUrl)));
    // Six 2-night stays on different dates, all at once: 4 nights are left, so exactly two fit.
    const answers = await Promise.all(
      guests.map(({ client }, i) =>
        client.post("/api/bookings", stay(property.id, addDays(`${YEAR}-09-01`, i * 3), 2)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
  });

  it("shows the landlord this year's count, and records planning permission with a System Logs entry", async () => {
    const { client: landlord, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: user.id });
    const year = Number(new Date().toISOString().slice(0, 4));
    await letShort(property.id, 12, `${year}-01-05`);

    const manage = await landlord.get(`/api/properties/${property.id}/manage`);
    expect(manage.body.shortLets).toEqual({
      year,
      nights: 12,
      limit: 90,
      applies: true,
      inLondon: true,
      permission: null,
    });
    const cards = (await landlord.get("/api/properties/my-properties")).body as unknown as {
      id: number;
      shortLets: { nights: number };
    }[];
    expect(cards.find((card) => card.id === property.id)?.shortLets.nights).toBe(12);

    for (const permission of ["", "ab", "x".repeat(201)]) {
      const refused = await landlord.request("PUT", `/api/properties/${property.id}/short-let-permission`, {
        permission,
      });
      expect(refused.status).toBe(400);
    }
    const recorded = await landlord.request("PUT", `/api/properties/${property.id}/short-let-permission`, {
      permission: "  Camden 2024/0412/P ",
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.shortLets).toMatchObject({ applies: false, permission: "Camden 2024/0412/P" });
    const entries = await t.db.execute<{ action: string; message: string }>(
      sql`select action, message from audit_logs where target_type = 'property' and target_id = ${String(property.id)}`,
    );
    expect(entries.rows).toEqual([
      {
        action: "property.short_let_permission_recorded",
        message: `Recorded planning permission for short lets (Camden 2024/0412/P) on listing ${property.id}`,
      },
    ]);

    const cleared = await landlord.request("PUT", `/api/properties/${property.id}/short-let-permission`, {
      permission: null,
    });
    expect(cleared.body.shortLets).toMatchObject({ applies: true, permission: null });
  });
});
