import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, formatDateGb, londonToday, nightsOf } from "../../common/domain/calendar-dates";
import {
  NIGHTS_TOO_FAR_AHEAD,
  type TCalendarMonth,
  type TCalendarNight,
} from "../../common/schemas/landlord-properties";
import { migrateDatabase } from "../../server/db/migrate";
import { availability, bookings, users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import { createBooking, createProperty } from "../factories";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { HttpClient } from "../support/http-client";
import { openTransaction, untilWaitingForLocks } from "../support/locks";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const scratch = mkdtempSync(path.join(os.tmpdir(), "staylondon-calendar-"));
const extraDatabases: TestDatabase[] = [];

afterAll(async () => {
  await Promise.all(extraDatabases.map((d) => d.drop()));
  rmSync(scratch, { recursive: true, force: true });
});

const guest = (fields = {}) => signedInUser(t.db, server.baseUrl, fields);
const landlord = (fields = {}) => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true, ...fields });

const calendarOf = async (client: HttpClient, propertyId: number | string, month: string) => {
  const response = await client.get(`/api/properties/${propertyId}/calendar?month=${month}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as TCalendarMonth;
};
const nightOn = (calendar: TCalendarMonth, date: string): TCalendarNight => {
  const night = calendar.nights.find((n) => n.date === date);
  if (!night) throw new Error(`no night ${date} in ${calendar.month}`);
  return night;
};
const block = (client: HttpClient, propertyId: number, body: Record<string, unknown>) =>
  client.post(`/api/properties/${propertyId}/blocked-nights`, body);
const unblock = (client: HttpClient, propertyId: number, from: string, to: string) =>
  client.request("DELETE", `/api/properties/${propertyId}/blocked-nights?from=${from}&to=${to}`);
const blockedRows = (propertyId: number) =>
  t.db
    .select({ date: availability.date })
    .from(availability)
    .where(and(eq(availability.propertyId, propertyId), eq(availability.status, "blocked")));

/** A month whose every night is still ahead, and one whose every night has passed. */
const futureMonth = () => addDays(londonToday(), 62).slice(0, 7);
const pastMonth = () => addDays(`${londonToday().slice(0, 7)}-01`, -1).slice(0, 7);
const daysIn = (month: string) => {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
};

const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const requestStay = (client: HttpClient, propertyId: number, checkIn: string, checkOut: string) =>
  client.post("/api/bookings", { propertyId, checkIn, checkOut, guestCount: 1, guestInfo });

describe("GET /api/properties/{id}/calendar", () => {
  it("prices each night with the rule that wins it: a weekend change and a fixed price for some dates", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerNight: "100.00" });
    const month = futureMonth();
    let friday = `${month}-01`;
    while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1);
    const festival = { from: addDays(friday, 7), to: addDays(friday, 9) };

    const rules = [
      { name: "Weekend", daysOfWeek: [5, 6], priceModifier: 20, priority: 1 },
      { name: "Festival", startDate: festival.from, endDate: festival.to, fixedPrice: 180.5, priority: 5 },
      // Applies to stays of a week or more only, so never to the calendar's one-night price.
      { name: "Weekly", minStayLength: 7, priceModifier: -30, priority: 9 },
      { name: "Switched off", priceModifier: 400, priority: 10, isActive: false },
    ];
    for (const rule of rules) {
      const created = await owner.client.post(`/api/properties/${property.id}/pricing-rules`, rule);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }

    const calendar = await calendarOf(owner.client, property.id, month);
    expect(calendar.month).toBe(month);
    expect(calendar.basePrice).toBe(100);
    expect(calendar.nights).toHaveLength(daysIn(month));
    expect(calendar.nights.map((n) => n.date)).toEqual(
      nightsOf(`${month}-01`, addDays(`${month}-${daysIn(month)}`, 1)),
    );

    const priced = (date: string) => {
      const { price, ruleName } = nightOn(calendar, date);
      return { price, ruleName };
    };
    // Friday and Saturday: £100 + 20%.
    expect(priced(friday)).toEqual({ price: 120, ruleName: "Weekend" });
    expect(priced(addDays(friday, 1))).toEqual({ price: 120, ruleName: "Weekend" });
    // Sunday to Thursday: the base price.
    expect(priced(addDays(friday, 2))).toEqual({ price: 100, ruleName: null });
    expect(priced(addDays(friday, 6))).toEqual({ price: 100, ruleName: null });
    // The festival's Friday, Saturday and Sunday: the fixed price outranks the weekend rule.
    expect(priced(festival.from)).toEqual({ price: 180.5, ruleName: "Festival" });
    expect(priced(addDays(festival.from, 1))).toEqual({ price: 180.5, ruleName: "Festival" });
    expect(priced(festival.to)).toEqual({ price: 180.5, ruleName: "Festival" });
    expect(priced(addDays(festival.to, 1))).toEqual({ price: 100, ruleName: null });

    // The same figure a guest's one-night quote shows.
    const quote = await new HttpClient(server.baseUrl).get(
      `/api/properties/${property.id}/quote?checkIn=${festival.from}&checkOut=${addDays(festival.from, 1)}`,
    );
    expect(quote.body.nightly).toEqual([{ date: festival.from, price: 180.5 }]);
  });

  it("shows booked, requested, blocked, free and past nights, with the booking of each held night", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const month = futureMonth();
    const day = (d: number) => `${month}-${String(d).padStart(2, "0")}`;
    const nextMonthFirst = addDays(day(daysIn(month)), 1);
    const names = { guestFirstName: "Ada", guestLastName: "Lovelace" };

    const confirmed = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: day(3),
      checkOut: day(6),
      status: "confirmed",
      ...names,
    });
    const pending = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: day(10),
      checkOut: day(12),
      status: "pending",
      holdExpiresAt: new Date(Date.now() + 86_400_000),
      guestFirstName: "grace",
      guestLastName: "hopper",
    });
    await createBooking(t.db, { propertyId: property.id, checkIn: day(15), checkOut: day(17), status: "cancelled" });
    const across = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: day(28),
      checkOut: addDays(nextMonthFirst, 2),
      status: "confirmed",
      ...names,
    });
    expect(
      (await block(owner.client, property.id, { from: day(20), to: day(21), note: "Boiler service" })).status,
    ).toBe(200);

    const calendar = await calendarOf(owner.client, property.id, month);
    const stateOf = (d: number) => nightOn(calendar, day(d)).state;
    expect([3, 4, 5].map(stateOf)).toEqual(["booked", "booked", "booked"]);
    expect(nightOn(calendar, day(4)).booking).toEqual({
      id: confirmed.id,
      reference: `SL-${String(confirmed.id).padStart(6, "0")}`,
      guestName: "Ada L.",
      status: "confirmed",
      checkInDate: day(3),
      checkOutDate: day(6),
    });
    expect(stateOf(6)).toBe("free");
    expect(nightOn(calendar, day(6)).booking).toBeNull();
    expect([10, 11].map(stateOf)).toEqual(["requested", "requested"]);
    expect(nightOn(calendar, day(10)).booking).toMatchObject({
      id: pending.id,
      guestName: "grace H.",
      status: "pending",
    });
    expect([15, 16].map(stateOf)).toEqual(["free", "free"]);
    expect([20, 21].map(stateOf)).toEqual(["blocked", "blocked"]);
    expect(nightOn(calendar, day(20))).toMatchObject({ note: "Boiler service", booking: null });
    expect(nightOn(calendar, day(22))).toMatchObject({ state: "free", note: null });
    expect(nightOn(calendar, day(28)).booking).toMatchObject({
      id: across.id,
      checkOutDate: addDays(nextMonthFirst, 2),
    });
    expect(stateOf(daysIn(month))).toBe("booked");
    expect(calendar.nights.filter((n) => n.state !== "free")).toHaveLength(3 + 2 + 2 + (daysIn(month) - 27));
  });

  it("marks the nights of a past month past, except those of a stay that took place", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const month = pastMonth();
    const completed = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: `${month}-05`,
      checkOut: `${month}-07`,
      status: "completed",
      guestFirstName: "Alan",
      guestLastName: "Turing",
    });
    await t.db.insert(availability).values({ propertyId: property.id, date: `${month}-10`, status: "blocked" });

    const calendar = await calendarOf(owner.client, property.id, month);
    expect(nightOn(calendar, `${month}-05`)).toMatchObject({
      state: "booked",
      booking: { id: completed.id, status: "completed", guestName: "Alan T." },
    });
    expect(nightOn(calendar, `${month}-06`).state).toBe("booked");
    expect(nightOn(calendar, `${month}-07`)).toMatchObject({ state: "past", booking: null });
    expect(nightOn(calendar, `${month}-10`).state).toBe("past");
    expect(calendar.nights.filter((n) => n.state === "past")).toHaveLength(daysIn(month) - 2);
  });

  it("is found by slug too, and refuses a malformed month", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    expect((await calendarOf(owner.client, property.slug, futureMonth())).nights.length).toBeGreaterThan(27);

    for (const [query, message] of [
      ["", /month is required/],
      ["?month=2027-13", /month must be written YYYY-MM/],
      ["?month=2027-1", /month must be written YYYY-MM/],
      ["?month=1999-12", /between 2000-01 and 2100-12/],
      [`?month=${futureMonth()}&colour=red`, /Unknown query parameter: colour/],
    ] as const) {
      const response = await owner.client.get(`/api/properties/${property.id}/calendar${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });
});

describe("blocking and unblocking nights", () => {
  it("blocks a range with a note, makes the quote unavailable, and unblocking frees it again", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const from = mondayIn(5);
    const to = addDays(from, 2);
    const quote = async () => {
      const response = await new HttpClient(server.baseUrl).get(
        `/api/properties/${property.id}/quote?checkIn=${addDays(from, 1)}&checkOut=${addDays(from, 4)}&guests=1`,
      );
      expect(response.status).toBe(200);
      return response.body as { available: boolean; reasons: string[] };
    };
    expect((await quote()).available).toBe(true);

    const blocked = await block(owner.client, property.id, { from, to, note: "Decorating" });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body).toEqual({ changed: 3 });
    expect((await blockedRows(property.id)).map((r) => r.date).sort()).toEqual([from, addDays(from, 1), to]);
    expect(await quote()).toMatchObject({ available: false, reasons: ["These dates are no longer available"] });

    // Blocking again changes nothing; without a note the note stays; a new note is written.
    expect((await block(owner.client, property.id, { from, to })).body).toEqual({ changed: 0 });
    expect((await block(owner.client, property.id, { from: to, to: addDays(to, 1), note: "Keys" })).body).toEqual({
      changed: 2,
    });
    expect(nightOn(await calendarOf(owner.client, property.id, from.slice(0, 7)), from).note).toBe("Decorating");
    const toMonth = await calendarOf(owner.client, property.id, to.slice(0, 7));
    expect(nightOn(toMonth, to)).toMatchObject({ state: "blocked", note: "Keys" });

    const opened = await unblock(owner.client, property.id, from, addDays(to, 5));
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ changed: 4 });
    expect(await blockedRows(property.id)).toEqual([]);
    expect((await quote()).available).toBe(true);
    expect((await unblock(owner.client, property.id, from, to)).body).toEqual({ changed: 0 });
  });

  it("refuses past nights, more than 366 nights, reversed ranges and unknown fields", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const today = londonToday();
    const yesterday = addDays(today, -1);

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ from: yesterday, to: addDays(today, 3) }, /^Past nights cannot be changed$/],
      [{ from: today, to: addDays(today, 366) }, /At most 366 nights can be changed at once/],
      [{ from: addDays(today, 5), to: addDays(today, 4) }, /to must be on or after from/],
      [{ from: "2030-02-30", to: "2030-03-01" }, /from must be a date written YYYY-MM-DD/],
      [{ to: "2030-03-01" }, /from is required/],
      [{ from: today, to: today, colour: "red" }, /Unknown body field: colour/],
      [{ from: today, to: today, note: "x".repeat(201) }, /at most 200 characters/],
    ];
    for (const [body, message] of cases) {
      const response = await block(owner.client, property.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    // A year, leap day or not, is fine; tonight too.
    expect((await block(owner.client, property.id, { from: today, to: addDays(today, 365) })).status).toBe(200);

    const pastUnblock = await unblock(owner.client, property.id, yesterday, today);
    expect(pastUnblock.status).toBe(400);
    expect(pastUnblock.body.message).toBe("Past nights cannot be changed");
    expect((await unblock(owner.client, property.id, today, addDays(today, 366))).status).toBe(400);
    const missing = await owner.client.request("DELETE", `/api/properties/${property.id}/blocked-nights?from=${today}`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/to is required/);
    expect(await blockedRows(property.id)).toHaveLength(366);
  });

  it("refuses nights more than 2 years (730 days) ahead, blocking or unblocking, and stores nothing", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const today = londonToday();
    const lastNight = addDays(today, 730);

    const cases: Record<string, unknown>[] = [
      // A year of nights the calendar (2000-01 to 2100-12) never shows.
      { from: "9999-01-01", to: "9999-12-31" },
      { from: "2101-01-01", to: "2101-01-02" },
      { from: addDays(lastNight, -3), to: addDays(lastNight, 1), note: "Too far" },
      { from: addDays(lastNight, 1), to: addDays(lastNight, 1) },
    ];
    for (const body of cases) {
      const response = await block(owner.client, property.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toBe("Nights can be blocked up to 2 years ahead.");
      const freed = await unblock(owner.client, property.id, String(body.from), String(body.to));
      expect(freed.status, JSON.stringify(body)).toBe(400);
      expect(freed.body.message).toBe(NIGHTS_TOO_FAR_AHEAD);
    }
    expect(await blockedRows(property.id)).toEqual([]);

    // Up to the 730th night is fine, both ways.
    const edge = await block(owner.client, property.id, { from: addDays(lastNight, -1), to: lastNight });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
    expect(edge.body).toEqual({ changed: 2 });
    expect((await blockedRows(property.id)).map((r) => r.date).sort()).toEqual([addDays(lastNight, -1), lastNight]);
    expect((await unblock(owner.client, property.id, lastNight, lastNight)).body).toEqual({ changed: 1 });
    // Nights before the calendar's first month are past nights.
    const ancient = await block(owner.client, property.id, { from: "0100-01-01", to: "0100-01-02" });
    expect(ancient.status).toBe(400);
    expect(ancient.body.message).toBe("Past nights cannot be changed");
  });

  it("answers 409 naming the nights a pending or confirmed booking holds, and blocks nothing", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const start = mondayIn(7);
    const { client } = await guest();
    const requested = await requestStay(client, property.id, addDays(start, 1), addDays(start, 3));
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: addDays(start, 5),
      checkOut: addDays(start, 6),
      status: "confirmed",
    });
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: addDays(start, 7),
      checkOut: addDays(start, 9),
      status: "cancelled",
    });

    const refused = await block(owner.client, property.id, { from: start, to: addDays(start, 9) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "These nights are held by a booking and cannot be blocked: " +
        `${formatDateGb(addDays(start, 1))} to ${formatDateGb(addDays(start, 2))}, ${formatDateGb(addDays(start, 5))}`,
    );
    expect(await blockedRows(property.id)).toEqual([]);

    // Only the overlapping part is named; the nights around the bookings can be blocked.
    const partly = await block(owner.client, property.id, { from: addDays(start, 2), to: addDays(start, 4) });
    expect(partly.status).toBe(409);
    expect(partly.body.message).toMatch(new RegExp(`: ${formatDateGb(addDays(start, 2))}$`));
    expect((await block(owner.client, property.id, { from: addDays(start, 3), to: addDays(start, 4) })).body).toEqual({
      changed: 2,
    });
    // The check-out day of a stay is free, and so are a cancelled booking's nights.
    expect((await block(owner.client, property.id, { from: addDays(start, 6), to: addDays(start, 9) })).status).toBe(
      200,
    );
  });
});

describe("a booking and a block of the same night never both succeed", () => {
  it("a booking arriving while a block is being written waits for it and is then refused with 409", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const night = mondayIn(9);
    // What the block does, held open: the property row locked, the night written, not yet committed.
    const blockInFlight = await openTransaction(t.db, async (c) => {
      await c.query("select 1 from properties where id = $1 for update", [property.id]);
      await c.query("insert into availability (property_id, date, status) values ($1, $2, 'blocked')", [
        property.id,
        night,
      ]);
    });
    const { client } = await guest();
    // The service's own check cannot see the uncommitted night; the trigger waits, then sees it.
    const booking = requestStay(client, property.id, addDays(night, -1), addDays(night, 2));
    await untilWaitingForLocks(t.db);
    await blockInFlight.commit();

    const answer = await booking;
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.message).toBe("These dates are no longer available");
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, property.id))).toEqual([]);
  });

  it("a block arriving while a booking is being inserted waits for it and is then refused with 409", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const { user } = await guest();
    const night = mondayIn(9);
    const bookingInFlight = await openTransaction(t.db, async (c) => {
      await c.query(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, guest_count, status)
         values ($1, $2, $3, $4, 300, 1, 'pending')`,
        [property.id, user.id, night, addDays(night, 2)],
      );
    });
    const blocking = block(owner.client, property.id, { from: addDays(night, 1), to: addDays(night, 3) });
    await untilWaitingForLocks(t.db);
    await bookingInFlight.commit();

    const answer = await blocking;
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.message).toContain(formatDateGb(addDays(night, 1)));
    expect(await blockedRows(property.id)).toEqual([]);
  });

  it("holds under many simultaneous bookings and blocks of the same nights", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const guests = await Promise.all([guest(), guest(), guest(), guest()]);
    const outcomes = { booked: 0, blocked: 0 };

    for (let round = 0; round < 6; round++) {
      const base = mondayIn(12 + round);
      // Overlapping two-night stays, one per guest, and blocks over the same nights.
      const stays = guests.map(({ client }, i) => ({ client, from: addDays(base, i), until: addDays(base, i + 2) }));
      const blocks = [
        [1, 1],
        [3, 4],
        [0, 5],
      ] as const;
      const results = await Promise.all([
        ...stays.map((stay) =>
          requestStay(stay.client, property.id, stay.from, stay.until).then((r) => ({
            kind: "booking" as const,
            ...r,
          })),
        ),
        ...blocks.map(([from, to]) =>
          block(owner.client, property.id, { from: addDays(base, from), to: addDays(base, to) }).then((r) => ({
            kind: "block" as const,
            ...r,
          })),
        ),
      ]);
      for (const r of results) {
        if (r.kind === "booking") {
          expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
          if (r.status === 201) outcomes.booked++;
        } else {
          expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
          if (r.status === 200) outcomes.blocked++;
        }
      }
    }

    const { rows } = await t.db.$client.query(
      `select b.id, a.date::text
         from bookings b
         join availability a on a.property_id = b.property_id and a.status = 'blocked'
                            and a.date >= b.check_in and a.date < b.check_out
        where b.property_id = $1 and b.status <> 'cancelled'`,
      [property.id],
    );
    expect(rows).toEqual([]);
    // Something happened in every round: each night ends up booked or blocked or was left alone.
    expect(outcomes.booked + outcomes.blocked).toBeGreaterThanOrEqual(6);
  });
});

describe("access", () => {
  it("lets only the owner and admins see or change a calendar", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const month = futureMonth();
    const range = { from: `${month}-10`, to: `${month}-12` };
    const tryAll = async (client: HttpClient) => [
      (await client.get(`/api/properties/${property.id}/calendar?month=${month}`)).status,
      (await block(client, property.id, range)).status,
      (await unblock(client, property.id, range.from, range.to)).status,
    ];

    const otherLandlord = await landlord();
    expect(await tryAll(otherLandlord.client)).toEqual([404, 404, 404]);
    const byOther = await otherLandlord.client.get(`/api/properties/${property.slug}/calendar?month=${month}`);
    expect(byOther.body.message).toBe("Property not found");
    expect(await tryAll((await guest()).client)).toEqual([403, 403, 403]);
    // An unapproved landlord cannot sign in at all; one whose approval is withdrawn keeps a session.
    const unapproved = await landlord();
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, unapproved.user.id));
    expect(await tryAll(unapproved.client)).toEqual([403, 403, 403]);
    expect((await unapproved.client.get(`/api/properties/${property.id}/calendar?month=${month}`)).body.message).toBe(
      "Account Approval Pending",
    );
    expect(await tryAll((await landlord({ phoneVerified: false })).client)).toEqual([403, 403, 403]);
    expect(await tryAll(new HttpClient(server.baseUrl))).toEqual([401, 401, 401]);
    expect(await blockedRows(property.id)).toEqual([]);

    const admin = await guest({ role: "admin" });
    expect((await block(admin.client, property.id, range)).body).toEqual({ changed: 3 });
    expect(await tryAll(admin.client)).toEqual([200, 200, 200]);
    expect((await owner.client.get(`/api/properties/${property.id}/calendar?month=${month}`)).status).toBe(200);
    expect((await owner.client.get(`/api/properties/999999/calendar?month=${month}`)).status).toBe(404);
  });
});

describe("migration 0009 on a database that already holds data", () => {
  type Journal = { entries: { idx: number; tag: string }[] };

  it("keeps the rows, and from then on refuses a live booking over a blocked night", async () => {
    const journal = JSON.parse(readFileSync(fromRoot("drizzle/meta/_journal.json"), "utf8")) as Journal;
    const index = journal.entries.findIndex((e) => e.tag === "0009_blocked_nights_guard");
    expect(index).toBeGreaterThan(0);
    const before = path.join(scratch, "before-0009");
    cpSync(fromRoot("drizzle"), before, { recursive: true });
    writeFileSync(
      path.join(before, "meta/_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
    );

    const old = await createTestDatabase({ fromTemplate: false });
    extraDatabases.push(old);
    await migrateDatabase(old.db, before);
    const run = (text: string) => old.db.$client.query(text);
    await run(`
      insert into users (id, email, first_name, role) values
        (901, 'owner@fixture.example', 'Olive', 'landlord'), (902, 'guest@fixture.example', 'Gus', 'guest');
      insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month)
        values (901, 901, 'fixture-flat', 'Fixture Flat', 'A flat that must survive the migration.',
                '1 Fixture Road, Camden, London', 'Camden', 210.50, 5000);
      insert into availability (property_id, date, status, notes) values
        (901, '2030-02-10', 'blocked', 'Painting'), (901, '2030-03-01', 'available', null);
      -- Written before the guard existed: a live booking over a blocked night stays as it is.
      insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, guest_count)
        values (901, 901, 902, '2030-02-09', '2030-02-12', 631.50, 'confirmed', 2);`);
    const snapshot = `select json_build_object(
        'availability', (select json_agg(json_build_object('date', date::text, 'status', status, 'notes', notes) order by date) from availability),
        'bookings', (select json_agg(json_build_object('id', id, 'in', check_in::text, 'status', status)) from bookings)) as s`;
    const kept = (await run(snapshot)).rows[0].s;

    await migrateDatabase(old.db);
    expect((await run(snapshot)).rows[0].s).toEqual(kept);

    const insertBooking = (id: number, checkIn: string, checkOut: string, status: string) =>
      run(`insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, guest_count)
           values (${id}, 901, 902, '${checkIn}', '${checkOut}', 100, '${status}', 1)`);
    await expect(insertBooking(902, "2030-02-10", "2030-02-11", "cancelled")).resolves.toBeDefined();
    await run("update bookings set status = 'cancelled' where id = 901");
    await expect(insertBooking(903, "2030-02-08", "2030-02-11", "pending")).rejects.toMatchObject({ code: "23P01" });
    await expect(insertBooking(904, "2030-02-11", "2030-02-13", "pending")).resolves.toBeDefined();
    // The check-in day is the first night: a stay leaving on the blocked day is fine.
    await expect(insertBooking(905, "2030-02-01", "2030-02-10", "confirmed")).resolves.toBeDefined();
  });
});
