import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { MID_LET_DECLARATION_MISSING } from "../../common/domain/mid-lets";
import { bookings, outgoingMessages, tenancies, tenancyDeposits } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { download } from "../support/pdf-text";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/** The app's clock: tests move it to reach day 20 and day 31 after a deposit was received. */
let clock = new Date();
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock });
const DAY = 86_400_000;

const guest = () => signedInUser(t.db, server.baseUrl);
const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });

const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const book = (client: HttpClient, propertyId: number, checkIn: string, nights: number, extra = {}) =>
  client.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guestCount: 1,
    guestInfo,
    ...extra,
  });
const WORK_TRIP = {
  purpose: "other",
  purposeOther: "Treatment at a London hospital",
  mainHomeAddress: "12 High Street, Leeds LS1 4AB",
  isMainHome: false,
};

const bookingsAt = (propertyId: number) => t.db.select().from(bookings).where(eq(bookings.propertyId, propertyId));

type Listed = Record<string, unknown> & { id: number };
const landlordList = async (client: HttpClient) =>
  (await client.get("/api/bookings/landlord-bookings")).body as unknown as Listed[];
const guestList = async (client: HttpClient) =>
  (await client.get("/api/bookings/my-bookings")).body as unknown as Listed[];

describe("a mid let's purpose and main home", () => {
  it("is stored with the booking and shown to the landlord; a short let carries none", async () => {
    clock = new Date();
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const { client } = await guest();
    const checkIn = mondayIn(5);

    const booked = await book(client, property.id, checkIn, 40, { midLet: WORK_TRIP });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.stayMode).toBe("mid_let");
    const [row] = await bookingsAt(property.id);
    expect(row).toMatchObject({
      stayPurpose: "other",
      stayPurposeOther: "Treatment at a London hospital",
      mainHomeAddress: "12 High Street, Leeds LS1 4AB",
    });

    const shown = (await landlordList(owner.client)).find((b) => b.id === booked.body.id);
    expect(shown?.midLet).toEqual({
      purpose: "other",
      purposeOther: "Treatment at a London hospital",
      mainHomeAddress: "12 High Street, Leeds LS1 4AB",
    });

    // A short let's declaration is not asked for, and not kept if sent.
    const short = await book(client, property.id, addDays(checkIn, 60), 3, { midLet: WORK_TRIP });
    expect(short.status, JSON.stringify(short.body)).toBe(201);
    const shortShown = (await landlordList(owner.client)).find((b) => b.id === short.body.id);
    expect(shortShown?.midLet).toBeNull();
  });

  it("refuses a mid let without the declaration, or with 'other' left unexplained, and stores nothing", async () => {
    const property = await createProperty(t.db);
    const { client } = await guest();
    const checkIn = mondayIn(7);
    const missing = await book(client, property.id, checkIn, 35);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MID_LET_DECLARATION_MISSING);
    const unexplained = await book(client, property.id, checkIn, 35, {
      midLet: { ...WORK_TRIP, purposeOther: "" },
    });
    expect(unexplained.status).toBe(400);
    expect(unexplained.body.message).toMatch(/Describe the purpose/);
    const unknown = await book(client, property.id, checkIn, 35, { midLet: { ...WORK_TRIP, purpose: "party" } });
    expect(unknown.status).toBe(400);
    expect(await bookingsAt(property.id)).toHaveLength(0);
  });

  it("refuses a stay declared as the guest's main home as a mid let, pointing to the tenancy", async () => {
    const property = await createProperty(t.db, { pricePerMonth: "3000.00", depositAmount: "3000.00" });
    const { client } = await guest();
    const checkIn = mondayIn(9);
    const checkOut = addDays(checkIn, 60);

    const quoted = await client.get(
      `/api/properties/${property.id}/quote?checkIn=${checkIn}&checkOut=${checkOut}&mainHome=true`,
    );
    expect(quoted.status).toBe(422);
    expect(quoted.body.message).toBe(
      "A stay that will be your main home is a tenancy, not a mid let: book it as a tenancy instead.",
    );
    const refused = await book(client, property.id, checkIn, 60, { midLet: { ...WORK_TRIP, isMainHome: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/book it as a tenancy instead/);
    expect(await bookingsAt(property.id)).toHaveLength(0);

    // Asked as a tenancy, the same dates are quoted and booked.
    const asTenancy = await client.get(
      `/api/properties/${property.id}/quote?checkIn=${checkIn}&checkOut=${checkOut}&mainHome=true&asTenancy=true`,
    );
    expect(asTenancy.status).toBe(200);
    expect(asTenancy.body.mode).toBe("tenancy");

    // Where the listing has no tenancies, the guest is told so.
    const noTenancies = await createProperty(t.db, { tenancyOffered: false });
    const there = await book(client, noTenancies.id, checkIn, 60, { midLet: { ...WORK_TRIP, isMainHome: true } });
    expect(there.status).toBe(422);
    expect(there.body.message).toMatch(/this property doesn't offer tenancies/);
  });
});

/** A tenancy confirmed `daysAgo` days before the clock, at £3,600 a month with a £4,000 deposit. */
async function confirmedTenancy(daysAgo: number) {
  const owner = await landlord();
  const tenant = await guest();
  const property = await createProperty(t.db, {
    ownerId: owner.user.id,
    pricePerMonth: "3600.00",
    depositAmount: "4000.00",
  });
  const checkIn = addDays(londonToday(clock), 7);
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    guestId: tenant.user.id,
    checkIn,
    checkOut: addDays(checkIn, 400),
    status: "confirmed",
    stayMode: "tenancy",
    depositAmount: "4000.00",
    confirmedAt: new Date(clock.getTime() - daysAgo * DAY),
    createdAt: new Date(clock.getTime() - (daysAgo + 1) * DAY),
  });
  // Agreed as a periodic tenancy at the listing's rent: the deposit's cap is weeks of this rent.
  await t.db.insert(tenancies).values({
    bookingId: booking.id,
    startsOn: checkIn,
    monthlyRentPence: 360_000,
    demo: true,
    agreedAt: new Date(clock.getTime() - daysAgo * DAY),
  });
  return { owner, tenant, property, booking, receivedOn: londonToday(new Date(clock.getTime() - daysAgo * DAY)) };
}

const protection = (receivedOn: string, fields: Record<string, unknown> = {}) => ({
  amount: "4000.00",
  receivedOn,
  scheme: "dps",
  certificateNumber: "DPS-1234567",
  protectedOn: londonToday(clock),
  ...fields,
});

const depositRows = (bookingId: number) =>
  t.db.select().from(tenancyDeposits).where(eq(tenancyDeposits.bookingId, bookingId));

describe("a tenancy deposit's protection", () => {
  it("is due by the 30th day on both sides, then protected with its prescribed information once recorded", async () => {
    clock = new Date();
    const { owner, tenant, booking, receivedOn } = await confirmedTenancy(3);
    const dueOn = addDays(receivedOn, 30);
    const due = { amountPence: 400_000, receivedOn, state: "due", dueOn, protectedOn: null, scheme: null };
    expect((await landlordList(owner.client)).find((b) => b.id === booking.id)?.depositProtection).toMatchObject(due);
    expect((await guestList(tenant.client)).find((b) => b.id === booking.id)?.depositProtection).toMatchObject(due);
    const early = await download(
      server.baseUrl,
      tenant.client,
      `/api/bookings/${booking.id}/deposit/prescribed-information.pdf`,
    );
    expect(early.status).toBe(409);

    const saved = await owner.client.request("PUT", `/api/bookings/${booking.id}/deposit`, protection(receivedOn));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const done = {
      state: "protected",
      scheme: "dps",
      schemeName: "Deposit Protection Service (DPS)",
      certificateNumber: "DPS-1234567",
      protectedOn: londonToday(clock),
      dueOn,
    };
    expect(saved.body).toMatchObject(done);
    const afterwards = (await landlordList(owner.client)).find((b) => b.id === booking.id);
    expect(afterwards?.depositProtection).toMatchObject(done);
    // The duty is done: only the Right to Rent is left on the landlord's list.
    expect(((afterwards?.tenancyReminders ?? []) as { kind: string }[]).map((r) => r.kind)).toEqual(["right_to_rent"]);
    expect((await guestList(tenant.client)).find((b) => b.id === booking.id)?.depositProtection).toMatchObject(done);

    for (const side of [tenant.client, owner.client]) {
      const pdf = await download(
        server.baseUrl,
        side,
        `/api/bookings/${booking.id}/deposit/prescribed-information.pdf`,
      );
      expect(pdf.status).toBe(200);
      expect(pdf.text).toContain("Deposit Protection Service (DPS)");
      expect(pdf.text).toContain("DPS-1234567");
      expect(pdf.text).toContain("£4,000");
    }
    const stranger = await guest();
    const hidden = await download(
      server.baseUrl,
      stranger.client,
      `/api/bookings/${booking.id}/deposit/prescribed-information.pdf`,
    );
    expect(hidden.status).toBe(404);
  });

  it("shows an unprotected deposit as overdue to both sides once its 30th day has passed", async () => {
    clock = new Date();
    const { owner, tenant, booking } = await confirmedTenancy(31);
    expect((await landlordList(owner.client)).find((b) => b.id === booking.id)?.depositProtection).toMatchObject({
      state: "overdue",
    });
    expect((await guestList(tenant.client)).find((b) => b.id === booking.id)?.depositProtection).toMatchObject({
      state: "overdue",
    });
  });

  it("refuses a deposit above five weeks' rent, and bad amounts, schemes, certificates and dates, storing nothing", async () => {
    clock = new Date();
    const { owner, booking, receivedOn } = await confirmedTenancy(2);
    const path = `/api/bookings/${booking.id}/deposit`;

    // £3,600 a month: five weeks' rent is £4,153.84.
    const aboveCap = await owner.client.request("PUT", path, protection(receivedOn, { amount: "4153.85" }));
    expect(aboveCap.status).toBe(400);
    expect(aboveCap.body.message).toBe(
      "The deposit can be at most £4,153.84: five weeks' rent at £3,600 a month (Tenant Fees Act 2019, Schedule 1, paragraph 2).",
    );
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ amount: "4000.001" }, /at most two decimal places/],
      [{ amount: "-5" }, /at most two decimal places/],
      [{ scheme: "safedeposits" }, /DPS, TDS or mydeposits/],
      [{ certificateNumber: "AB1" }, /6 to 30 letters and digits/],
      [{ certificateNumber: "DPS 1234 567" }, /6 to 30 letters and digits/],
      [{ protectedOn: addDays(receivedOn, -1) }, /on or after the day it was received/],
      [{ protectedOn: addDays(londonToday(clock), 1) }, /cannot be in the future/],
    ];
    for (const [fields, message] of refusals) {
      const refused = await owner.client.request("PUT", path, protection(receivedOn, fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect(await depositRows(booking.id)).toHaveLength(0);

    // At the cap to the penny it is accepted.
    const atCap = await owner.client.request("PUT", path, protection(receivedOn, { amount: "4153.84" }));
    expect(atCap.status, JSON.stringify(atCap.body)).toBe(200);
    expect(atCap.body.amountPence).toBe(415_384);
  });

  it("holds a deposit to five weeks' rent only when it was received from 1 June 2019, when the cap came in", async () => {
    clock = new Date("2019-06-03T09:00:00Z");
    const aboveCap = { amount: "4500.00" };
    // Received on 31 May 2019: no cap yet, so £4,500 at £3,600 a month is recorded.
    const before = await confirmedTenancy(3);
    expect(before.receivedOn).toBe("2019-05-31");
    const kept = await before.owner.client.request(
      "PUT",
      `/api/bookings/${before.booking.id}/deposit`,
      protection("2019-05-31", aboveCap),
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ amountPence: 450_000, receivedOn: "2019-05-31", state: "protected" });

    const onTheDay = await confirmedTenancy(3);
    const refused = await onTheDay.owner.client.request(
      "PUT",
      `/api/bookings/${onTheDay.booking.id}/deposit`,
      protection("2019-06-01", aboveCap),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "The deposit can be at most £4,153.84: five weeks' rent at £3,600 a month (Tenant Fees Act 2019, Schedule 1, paragraph 2).",
    );
    expect(await depositRows(onTheDay.booking.id)).toHaveLength(0);
  });

  it("is recorded only by the landlord: the tenant is turned away at the gate, another landlord gets a 404", async () => {
    clock = new Date();
    const { tenant, booking, receivedOn } = await confirmedTenancy(2);
    const other = await landlord();
    const path = `/api/bookings/${booking.id}/deposit`;
    const asTenant = await tenant.client.request("PUT", path, protection(receivedOn));
    expect(asTenant.status).toBe(403);
    const asOther = await other.client.request("PUT", path, protection(receivedOn));
    expect(asOther.status).toBe(404);
    expect(asOther.body.message).toBe("Booking not found");
    expect(await depositRows(booking.id)).toHaveLength(0);
  });
});

describe("the day-20 reminder", () => {
  const remindersTo = async (email: string) =>
    (
      await t.db
        .select({ subject: outgoingMessages.subject })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.recipient, email))
    ).filter((m) => m.subject.startsWith("Protect the"));

  it("goes once on day 20 to a landlord whose deposit is unprotected, and never when it is protected", async () => {
    clock = new Date();
    const unprotected = await confirmedTenancy(19);
    const protectedOne = await confirmedTenancy(19);
    const saved = await protectedOne.owner.client.request(
      "PUT",
      `/api/bookings/${protectedOne.booking.id}/deposit`,
      protection(protectedOne.receivedOn),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const reminders = server.app.services.tenancyDeposits;

    // Day 19: nothing yet.
    expect(await reminders.sendDueReminders()).not.toContain(unprotected.booking.id);
    expect(await remindersTo(unprotected.owner.user.email)).toHaveLength(0);

    // Day 20: the unprotected one, once, however often the job runs.
    clock = new Date(Date.now() + DAY);
    const sent = await reminders.sendDueReminders();
    expect(sent).toContain(unprotected.booking.id);
    expect(sent).not.toContain(protectedOne.booking.id);
    expect(await reminders.sendDueReminders()).not.toContain(unprotected.booking.id);
    clock = new Date(Date.now() + 5 * DAY);
    expect(await reminders.sendDueReminders()).not.toContain(unprotected.booking.id);

    const letters = await remindersTo(unprotected.owner.user.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.subject).toMatch(/^Protect the £4,000 deposit for Test Listing \S+ by /);
    expect(await remindersTo(protectedOne.owner.user.email)).toHaveLength(0);
    const [mark] = await depositRows(unprotected.booking.id);
    expect(mark?.reminderSentAt).not.toBeNull();
    expect(mark?.protectedOn).toBeNull();
    clock = new Date();
  });

  it("leaves short and mid lets, unconfirmed tenancies and tenancies without a deposit alone", async () => {
    clock = new Date(Date.now() + 40 * DAY);
    const property = await createProperty(t.db);
    const checkIn = addDays(londonToday(), 3);
    const confirmedAt = new Date(Date.now() - DAY);
    const others = await Promise.all([
      createBooking(t.db, {
        propertyId: property.id,
        checkIn,
        checkOut: addDays(checkIn, 40),
        status: "confirmed",
        stayMode: "mid_let",
        confirmedAt,
      }),
      createBooking(t.db, {
        propertyId: property.id,
        checkIn: addDays(checkIn, 50),
        checkOut: addDays(checkIn, 500),
        status: "pending",
        stayMode: "tenancy",
        depositAmount: "1000.00",
      }),
      createBooking(t.db, {
        propertyId: property.id,
        checkIn: addDays(checkIn, 600),
        checkOut: addDays(checkIn, 700),
        status: "confirmed",
        stayMode: "tenancy",
        confirmedAt,
      }),
    ]);
    const sent = await server.app.services.tenancyDeposits.sendDueReminders();
    for (const other of others) expect(sent).not.toContain(other.id);
    const marked = await t.db.execute(
      sql`select count(*)::int as n from tenancy_deposits where booking_id in (${sql.join(
        others.map((o) => sql`${o.id}`),
        sql`, `,
      )})`,
    );
    expect(marked.rows[0]).toEqual({ n: 0 });
    clock = new Date();
  });
});
