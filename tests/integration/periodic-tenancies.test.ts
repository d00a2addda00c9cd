import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings, outgoingMessages, rentPayments, tenancies } from "../../server/db/schema";
import { TENANCY_NIGHTS_TAKEN } from "../../server/services/bookings.service";
import { tenancyHoldUntil } from "../../server/services/tenancies/tenancies.service";
import { createBooking, createProperty, propertyForm } from "../factories";
import { signedInUser } from "../support/signed-in";
import { acceptStatementOfTerms } from "../support/statement-of-terms";
import { setUpTestApp } from "../support/test-context";

/** The clock the app reads "today" from: each test puts it on a side of 1 May 2026. */
let clock = new Date("2026-04-20T09:00:00Z");
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock });
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};

const guest = () => signedInUser(t.db, server.baseUrl);
const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

/** A tenancy of seven months asked for at a £2,000 listing owned by a signed-in landlord. */
async function askForTenancy(checkIn: string, extra: Record<string, unknown> = {}) {
  const owner = await landlord();
  const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerMonth: "2000.00" });
  const tenant = await guest();
  const response = await tenant.client.post("/api/bookings", {
    propertyId: property.id,
    checkIn,
    checkOut: addDays(checkIn, 214),
    guestCount: 1,
    guestInfo,
    ...extra,
  });
  return { owner, property, tenant, response };
}

const ledgerTotal = async () =>
  (await t.db.execute<{ total: string | null }>(sql`select sum(amount_pence)::text as total from ledger_entries`))
    .rows[0]?.total ?? "0";

describe("tenancies before and after 1 May 2026 (England)", () => {
  it("before 1 May 2026 a tenancy is a fixed term charged whole; two months in advance and a higher offer are not yet refused", async () => {
    setToday("2026-04-20");
    const advance = await askForTenancy("2026-04-27", { rentInAdvanceMonths: 2, offeredMonthlyRent: 2100 });
    expect(advance.response.status, JSON.stringify(advance.response.body)).toBe(201);
    const booking = advance.response.body as { id: number; totalPrice: string; checkOut: string };
    expect(booking.checkOut).toBe(addDays("2026-04-27", 214));
    expect(Number(booking.totalPrice)).toBeGreaterThan(2000 * 7 - 1);
    expect(await t.db.select().from(tenancies).where(eq(tenancies.bookingId, booking.id))).toHaveLength(0);

    const owner = await landlord();
    const form = await owner.client.post("/api/properties", propertyForm({ minTenancyMonths: 6 }));
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(form.body.minTenancyMonths).toBe(6);
  });

  it("from 1 May 2026 refuses two months' rent in advance (400) and an offer above the advertised rent (422), storing nothing", async () => {
    setToday("2026-05-01");
    const advance = await askForTenancy("2026-05-10", { rentInAdvanceMonths: 2 });
    expect(advance.response.status).toBe(400);
    expect(advance.response.body.message).toMatch(/at most one month's rent in advance/);
    const bidding = await askForTenancy("2026-05-10", { offeredMonthlyRent: 2000.01 });
    expect(bidding.response.status).toBe(422);
    expect(bidding.response.body.message).toBe(
      "Offers above the advertised rent cannot be made or accepted: rental bidding is banned for tenancies in England from 1 May 2026 (Renters' Rights Act 2025). The advertised rent is £2,000 a month.",
    );
    for (const refused of [advance, bidding]) {
      expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, refused.property.id))).toHaveLength(0);
    }
  });

  it.each([
    ["a fraction of a penny below the advertised rent", 1999.999],
    ["half a penny above the advertised rent, which rounding would bring down to it", 2000.004],
  ])("refuses an offer of %s (400, to the penny like the rent itself) and stores nothing", async (_, offer) => {
    setToday("2026-05-01");
    const refused = await askForTenancy("2026-05-10", { offeredMonthlyRent: offer });
    expect(refused.response.status, JSON.stringify(refused.response.body)).toBe(400);
    expect(refused.response.body.message).toBe("offeredMonthlyRent: Use at most 2 decimal places");
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, refused.property.id))).toHaveLength(0);
  });

  it("from 1 May 2026 a listing cannot ask for a minimum tenancy above one month, and one that says nothing is stored at one", async () => {
    setToday("2026-05-01");
    const owner = await landlord();
    const refused = await owner.client.post("/api/properties", propertyForm({ minTenancyMonths: 6 }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/no fixed or minimum term/);
    const silent = await owner.client.post("/api/properties", propertyForm({ minTenancyMonths: undefined }));
    expect(silent.status, JSON.stringify(silent.body)).toBe(201);
    expect(silent.body.minTenancyMonths).toBe(1);
  });

  it("from 1 May 2026 an English listing cannot set a longest tenancy (400, nothing stored); a Scottish one can, as an English one could before", async () => {
    const owner = await landlord();
    const count = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from properties where owner_id = ${owner.user.id}`,
        )
      ).rows[0]?.n;

    setToday("2026-05-01");
    const refused = await owner.client.post("/api/properties", propertyForm({ maxTenancyMonths: 12 }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "From 1 May 2026 tenancies in England are periodic, with no fixed term (Renters' Rights Act 2025): leave the longest tenancy blank.",
    );
    expect(await count()).toBe(0);
    // Editing a listing is refused the same way, and leaves it as it was.
    const open = await owner.client.post("/api/properties", propertyForm({ maxTenancyMonths: null }));
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    expect(open.body).toMatchObject({ minTenancyMonths: 1, maxTenancyMonths: null });
    const { amenities: _createOnly, ...form } = propertyForm();
    const edited = await owner.client.request("PUT", `/api/properties/${open.body.id}`, {
      ...form,
      maxTenancyMonths: 24,
    });
    expect(edited.status).toBe(400);
    expect((await owner.client.get(`/api/properties/${open.body.id}/manage`)).body.maxTenancyMonths).toBeNull();

    const scottish = await owner.client.post(
      "/api/properties",
      propertyForm({
        address: "Flat 1F, 31 Heriot Row, Edinburgh EH3 6ES",
        city: "Edinburgh",
        shortLetLicenceNumber: "EH-12345-F",
        minTenancyMonths: 6,
        maxTenancyMonths: 12,
      }),
    );
    expect(scottish.status, JSON.stringify(scottish.body)).toBe(201);
    expect(scottish.body).toMatchObject({ nation: "Scotland", minTenancyMonths: 6, maxTenancyMonths: 12 });

    setToday("2026-04-30");
    const before = await owner.client.post("/api/properties", propertyForm({ maxTenancyMonths: 12 }));
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.maxTenancyMonths).toBe(12);
  });

  it("from 1 May 2026 a tenancy is periodic: nothing charged until agreed, one month then, rent monthly, and the tenant's notice ends it", async () => {
    setToday("2026-05-01");
    const { owner, tenant, response } = await askForTenancy("2026-05-15", { offeredMonthlyRent: 2000 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const booking = response.body as { id: number; totalPrice: string; checkOut: string; status: string };
    // One month's rent, no end date: the booking holds the calendar ahead of any other stay.
    expect(booking).toMatchObject({
      totalPrice: "2000.00",
      status: "pending",
      checkOut: tenancyHoldUntil("2026-05-01"),
    });
    expect(await ledgerTotal()).toBe("0");
    const before = await tenant.client.get(`/api/bookings/${booking.id}/tenancy`);
    expect(before.body).toMatchObject({
      agreed: false,
      endsOn: null,
      monthlyRent: "2000.00",
      demo: true,
      cardSaved: false,
      payments: [],
    });
    // Demo mode: no card is needed or taken, and asking to save one says so.
    const card = await tenant.client.post(`/api/bookings/${booking.id}/tenancy/card`, {});
    expect(card.status).toBe(409);
    expect(card.body.message).toMatch(/the rent is demo money and no card is needed/);

    await acceptStatementOfTerms(tenant.client, booking.id);
    const accepted = await owner.client.post(`/api/bookings/${booking.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const agreed = await tenant.client.get(`/api/bookings/${booking.id}/tenancy`);
    expect(agreed.body.payments).toEqual([
      expect.objectContaining({
        periodStart: "2026-05-15",
        periodEnd: "2026-06-14",
        amount: "2000.00",
        status: "paid",
      }),
    ]);

    // Two more months collected by the job, once each however often it runs.
    setToday("2026-07-15");
    await server.app.services.tenancies.collectDue();
    await server.app.services.tenancies.collectDue();
    const rows = await t.db
      .select()
      .from(rentPayments)
      .where(eq(rentPayments.tenancyId, (await tenancyOf(booking.id)).id));
    expect(rows.map((r) => [r.periodStart, r.status])).toEqual([
      ["2026-05-15", "paid"],
      ["2026-06-15", "paid"],
      ["2026-07-15", "paid"],
    ]);

    // Notice: a day in the past and a day too soon are refused; the end of a period two months on is taken.
    const past = await tenant.client.post(`/api/bookings/${booking.id}/tenancy/notice`, { endsOn: "2026-07-14" });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("The tenancy's last day cannot be in the past.");
    const soon = await tenant.client.post(`/api/bookings/${booking.id}/tenancy/notice`, { endsOn: "2026-09-13" });
    expect(soon.status).toBe(400);
    expect(soon.body.message).toMatch(/earliest last day is 14 September 2026/);
    const byLandlord = await owner.client.post(`/api/bookings/${booking.id}/tenancy/notice`, { endsOn: "2026-09-14" });
    expect(byLandlord.status).toBe(403);
    const given = await tenant.client.post(`/api/bookings/${booking.id}/tenancy/notice`, { endsOn: "2026-09-14" });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ endsOn: "2026-09-14", noticeGivenOn: "2026-07-15" });
    const seen = await owner.client.get(`/api/bookings/${booking.id}/tenancy`);
    expect(seen.body).toMatchObject({ endsOn: "2026-09-14", noticeGivenOn: "2026-07-15" });
    const [row] = await t.db.select({ checkOut: bookings.checkOut }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.checkOut).toBe("2026-09-15");
    const letters = await t.db
      .select({ subject: outgoingMessages.subject })
      .from(outgoingMessages)
      .where(sql`${outgoingMessages.subject} like '%given notice%'`);
    expect(letters.length).toBeGreaterThan(0);

    // Collection stops with the tenancy: the last period is August's.
    setToday("2026-10-20");
    await server.app.services.tenancies.collectDue();
    const all = await t.db
      .select()
      .from(rentPayments)
      .where(eq(rentPayments.tenancyId, (await tenancyOf(booking.id)).id));
    expect(all.map((r) => r.periodStart)).toEqual(["2026-05-15", "2026-06-15", "2026-07-15", "2026-08-15"]);
    expect(await ledgerTotal()).toBe("0");
  });

  it("lets no stranger read a tenancy or give its notice, and refuses bad notice input with a 400", async () => {
    setToday("2026-05-01");
    const { tenant, response } = await askForTenancy("2026-05-20");
    const id = (response.body as { id: number }).id;
    const stranger = await guest();
    expect((await stranger.client.get(`/api/bookings/${id}/tenancy`)).status).toBe(404);
    expect((await stranger.client.post(`/api/bookings/${id}/tenancy/notice`, { endsOn: "2026-09-19" })).status).toBe(
      404,
    );
    const otherLandlord = await landlord();
    expect((await otherLandlord.client.get(`/api/bookings/${id}/tenancy`)).status).toBe(404);
    for (const body of [{}, { endsOn: "19/09/2026" }, { endsOn: "2026-09-19", extra: 1 }]) {
      const bad = await tenant.client.post(`/api/bookings/${id}/tenancy/notice`, body);
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe("string");
    }
    // A request not yet agreed is withdrawn, not given notice.
    const early = await tenant.client.post(`/api/bookings/${id}/tenancy/notice`, { endsOn: "2026-07-19" });
    expect(early.status).toBe(409);
  });
});

describe("a periodic tenancy asked for by its move-in day alone", () => {
  const moveInAsk = (propertyId: number, checkIn: string) => ({
    propertyId,
    checkIn,
    guestCount: 1,
    guestInfo,
    asTenancy: true,
  });

  it("is quoted at one month's rent and booked with the calendar held as far ahead as anyone can book", async () => {
    setToday("2026-05-01");
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerMonth: "2000.00" });
    const tenant = await guest();
    const quote = await tenant.client.get(`/api/properties/${property.id}/quote?checkIn=2026-05-10&asTenancy=true`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({
      available: true,
      mode: "tenancy",
      // The first rent period: 10 May to 9 June.
      nights: 31,
      serviceFee: 0,
      total: 2000,
      rent: { monthly: 2000, months: 1, extraDays: 0, periodic: true },
    });
    expect((quote.body.guidance as { topic: string }[])[0]?.topic).toBe("Periodic tenancy");

    const booked = await tenant.client.post("/api/bookings", moveInAsk(property.id, "2026-05-10"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ checkIn: "2026-05-10", checkOut: tenancyHoldUntil("2026-05-01") });
    expect(booked.body.totalPrice).toBe("2000.00");
    expect(booked.body.nights).toBe(31);
    const tenancy = await tenancyOf((booked.body as { id: number }).id);
    expect(tenancy.startsOn).toBe("2026-05-10");
    expect(tenancy.endsOn).toBeNull();
  });

  it("is refused, as taken, where any stay is booked after the move-in day, and says why", async () => {
    setToday("2026-05-01");
    const property = await createProperty(t.db, { pricePerMonth: "2000.00" });
    // A weekend a year on: a tenancy has no end, so it would run into it.
    await createBooking(t.db, { propertyId: property.id, checkIn: "2027-05-07", checkOut: "2027-05-09" });
    const tenant = await guest();
    const quote = await tenant.client.get(`/api/properties/${property.id}/quote?checkIn=2026-05-10&asTenancy=true`);
    expect(quote.status).toBe(200);
    expect(quote.body.available).toBe(false);
    expect(quote.body.reasons).toEqual([TENANCY_NIGHTS_TAKEN]);
    const refused = await tenant.client.post("/api/bookings", moveInAsk(property.id, "2026-05-10"));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TENANCY_NIGHTS_TAKEN);
    // After that stay, the home is free for good.
    const later = await tenant.client.get(`/api/properties/${property.id}/quote?checkIn=2027-05-09&asTenancy=true`);
    expect(later.body.available).toBe(true);
  });

  it("needs a check-out where tenancies are not periodic or not offered, and without asking for a tenancy (400, nothing stored)", async () => {
    setToday("2026-05-01");
    const tenant = await guest();
    const english = await createProperty(t.db, { pricePerMonth: "2000.00" });
    const scottish = await createProperty(t.db, { pricePerMonth: "2000.00", nation: "Scotland" });
    const noTenancies = await createProperty(t.db, { pricePerMonth: "2000.00", tenancyOffered: false });
    const cases = [
      { id: english.id, query: "checkIn=2026-05-10", message: "checkOut is required" },
      { id: scottish.id, query: "checkIn=2026-05-10&asTenancy=true", message: /have a fixed term: choose a check-out/ },
      { id: noTenancies.id, query: "checkIn=2026-05-10&asTenancy=true", message: /not let as a tenancy/ },
    ];
    for (const { id, query, message } of cases) {
      const quote = await tenant.client.get(`/api/properties/${id}/quote?${query}`);
      expect(quote.status, query).toBe(400);
      expect(quote.body.message).toMatch(message);
      const { asTenancy, ...withoutAsk } = moveInAsk(id, "2026-05-10");
      const body = query.includes("asTenancy") ? { ...withoutAsk, asTenancy } : withoutAsk;
      const booked = await tenant.client.post("/api/bookings", body);
      expect(booked.status).toBe(400);
      expect(booked.body.message).toMatch(message);
    }
    for (const { id } of cases) {
      expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, id))).toHaveLength(0);
    }

    // Before 1 May 2026 an English tenancy still had a fixed term, so it needed its end.
    setToday("2026-04-20");
    const before = await tenant.client.get(`/api/properties/${english.id}/quote?checkIn=2026-04-27&asTenancy=true`);
    expect(before.status).toBe(400);
    expect(before.body.message).toMatch(/have a fixed term/);
  });
});

async function tenancyOf(bookingId: number) {
  const [row] = await t.db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId));
  if (!row) throw new Error(`no tenancy for booking ${bookingId}`);
  return row;
}
