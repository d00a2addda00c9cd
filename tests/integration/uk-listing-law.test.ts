import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings, properties } from "../../server/db/schema";
import { createBooking, createProperty, propertyForm } from "../factories";
import { requestStay } from "../support/book-stay";
import { HttpClient } from "../support/http-client";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Scotland's short-let licence, Wales's visitor registration and Edinburgh's visitor levy through the real API.
 * Every stay bookable today is after both 24 July and 1 October 2026; the nights before the levy are covered, with the
 * same functions, in tests/unit/uk-places-and-levy.test.ts, and the Welsh day with the app's clock moved back.
 */
let clock: Date | null = null;
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock ?? new Date() });
const client = () => new HttpClient(server.baseUrl);

const EDINBURGH_FORM = { address: "Flat 1F, 31 Heriot Row, Edinburgh EH3 6ES", city: "Edinburgh" };

async function landlord() {
  return signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
}
const countOwned = async (ownerId: number) =>
  (await t.db.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, ownerId))).length;

describe("a listing's place and its numbers", () => {
  it("takes an Edinburgh listing as Scotland and the city's levy area, with its licence number in capitals", async () => {
    const owner = await landlord();
    const created = await owner.client.post(
      "/api/properties",
      propertyForm({ ...EDINBURGH_FORM, shortLetLicenceNumber: "eh-12345-f", epcRating: "C" }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      nation: "Scotland",
      levyArea: "city_of_edinburgh",
      shortLetLicenceNumber: "EH-12345-F",
      welshRegistrationNumber: null,
    });
    const page = await client().get(`/api/properties/${created.body.slug}`);
    expect(page.body).toMatchObject({ nation: "Scotland", shortLetLicenceNumber: "EH-12345-F", maxGuests: 4 });
  });

  it.each([
    ["no licence for a Scottish short let", { ...EDINBURGH_FORM }, /licence number/],
    ["a licence of the wrong shape", { ...EDINBURGH_FORM, shortLetLicenceNumber: "12345" }, /EH-12345-F/],
    ["a licence for an English listing", { shortLetLicenceNumber: "EH-12345-F" }, /listings in Scotland/],
    ["a Welsh number of the wrong shape", { nation: "Wales", welshRegistrationNumber: "A!" }, /registration number/],
    ["a nation that does not exist", { nation: "Cornwall" }, /Nation must be one of/],
    ["the Edinburgh levy area outside Scotland", { levyArea: "city_of_edinburgh" }, /choose Scotland/],
    [
      "a town with no postcode and no nation",
      { address: "1 Market Street, Hay", city: "Hay-on-Wye" },
      /Choose the nation/,
    ],
  ])("refuses %s with a 400 and stores nothing", async (_, fields, message) => {
    const owner = await landlord();
    const response = await owner.client.post("/api/properties", propertyForm(fields));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(await countOwned(owner.user.id)).toBe(0);
  });

  it("lets a Scottish listing that offers no short lets go without a licence, and a landlord choose Wales", async () => {
    const owner = await landlord();
    const midOnly = await owner.client.post(
      "/api/properties",
      propertyForm({ ...EDINBURGH_FORM, shortLetOffered: false }),
    );
    expect(midOnly.status, JSON.stringify(midOnly.body)).toBe(201);
    const welsh = await owner.client.post(
      "/api/properties",
      propertyForm({ address: "1 Market Street, Hay", city: "Hay-on-Wye", nation: "Wales" }),
    );
    expect(welsh.status, JSON.stringify(welsh.body)).toBe(201);
    expect(welsh.body).toMatchObject({ nation: "Wales", levyArea: null, welshRegistrationNumber: null });
  });
});

describe("Wales: no stays from 1 October 2026 without the registration number", () => {
  it("refuses the quote and the booking while the number is missing, and takes them once it is given", async () => {
    const property = await createProperty(t.db, { nation: "Wales", address: "4 Stuart Street, Cardiff CF10 5BZ" });
    const checkIn = mondayIn(5);
    const quote = await client().get(
      `/api/properties/${property.id}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`,
    );
    expect(quote.body.available).toBe(false);
    expect(quote.body.reasons).toEqual([expect.stringMatching(/visitor accommodation registration number/)]);
    const guest = await signedInUser(t.db, server.baseUrl);
    const refused = await guest.client.post("/api/bookings", {
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guestCount: 1,
      guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, property.id))).toEqual([]);

    await t.db.update(properties).set({ welshRegistrationNumber: "WA-000123" }).where(eq(properties.id, property.id));
    await requestStay(guest.client, property.id, checkIn, 2);
  });
});

describe("Wales: before 1 October 2026, stays without the registration number up to the day", () => {
  afterEach(() => {
    clock = null;
  });

  it("takes a stay whose last night is 30 September and refuses one with a night on 1 October, quote and booking alike", async () => {
    clock = new Date("2026-09-01T09:00:00Z");
    const property = await createProperty(t.db, { nation: "Wales", address: "4 Stuart Street, Cardiff CF10 5BZ" });
    const guest = await signedInUser(t.db, server.baseUrl);
    const quote = (checkOut: string) =>
      client().get(`/api/properties/${property.id}/quote?checkIn=2026-09-28&checkOut=${checkOut}`);
    const book = (checkOut: string) =>
      guest.client.post("/api/bookings", {
        propertyId: property.id,
        checkIn: "2026-09-28",
        checkOut,
        guestCount: 1,
        guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      });
    const reason =
      "This Welsh listing cannot take stays from 1 October 2026 until its host adds their visitor accommodation registration number.";

    // Checking out on 1 October: the nights are 28, 29 and 30 September.
    const lastNightInSeptember = await quote("2026-10-01");
    expect(lastNightInSeptember.body).toMatchObject({ available: true, reasons: [] });
    // One more night puts the stay on 1 October, when the registration is needed.
    const intoOctober = await quote("2026-10-02");
    expect(intoOctober.body).toMatchObject({ available: false, reasons: [reason] });

    const refused = await book("2026-10-02");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(reason);
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, property.id))).toEqual([]);
    const taken = await book("2026-10-01");
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({ checkIn: "2026-09-28", checkOut: "2026-10-01", status: "pending" });
  });
});

describe("Edinburgh's visitor levy", () => {
  async function edinburghStay() {
    const owner = await landlord();
    const property = await createProperty(t.db, {
      ownerId: owner.user.id,
      nation: "Scotland",
      levyArea: "city_of_edinburgh",
      shortLetLicenceNumber: "EH-00001-F",
      pricePerNight: "200.00",
    });
    return { owner, property };
  }

  it("quotes 5% of the first five nights as its own line inside the total", async () => {
    const { property } = await edinburghStay();
    const checkIn = mondayIn(6);
    const quote = await client().get(
      `/api/properties/${property.id}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 7)}`,
    );
    expect(quote.body).toMatchObject({
      available: true,
      subtotal: 1400,
      serviceFee: 140,
      visitorLevy: {
        label: "Edinburgh visitor levy",
        nights: [0, 1, 2, 3, 4].map((n) => addDays(checkIn, n)),
        amount: 50,
      },
      total: 1590,
    });
    const short = await client().get(
      `/api/properties/${property.id}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`,
    );
    expect(short.body).toMatchObject({ visitorLevy: { amount: 20 }, total: 400 + 40 + 20 });
    const london = await createProperty(t.db, { pricePerNight: "200.00" });
    const none = await client().get(
      `/api/properties/${london.id}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 7)}`,
    );
    expect(none.body).toMatchObject({ visitorLevy: null, total: 1540 });
  });

  it("charges it with the booking and posts it to the host's levy account in a balanced charge", async () => {
    const { owner, property } = await edinburghStay();
    const guest = await signedInUser(t.db, server.baseUrl);
    const booking = await requestStay(guest.client, property.id, mondayIn(7), 7);
    expect(booking.totalPrice).toBe("1590.00");
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ visitorLevy: "50.00", leviedNights: 5, leviedPrice: "1000.00" });

    expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
    const [charge] = await ledgerOfBooking(t.db, booking.id);
    expect(charge?.lines).toEqual({
      [`earnings_held:${owner.user.id}`]: -140000,
      [`guest_receivable:${guest.user.id}`]: 159000,
      [`levy_payable:${owner.user.id}`]: -5000,
      platform_fees: -14000,
    });
    expect(await ledgerTotal(t.db)).toBe(0);

    const levyReturn = await owner.client.get(`/api/levy-returns/${mondayIn(7).slice(0, 4)}`);
    expect(levyReturn.status).toBe(200);
    expect(levyReturn.body.quarters).toContainEqual(
      expect.objectContaining({ stays: 1, nights: 5, accommodationPence: 100000, levyPence: 5000 }),
    );
    expect(levyReturn.body.demo).toBe(true);
  });

  it("shows a host only their own stays in the levy return, and refuses guests and bad years", async () => {
    const { property } = await edinburghStay();
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2026-08-03",
      checkOut: "2026-08-06",
      status: "confirmed",
      totalPrice: "690.00",
      serviceFee: "60.00",
      visitorLevy: "30.00",
      leviedNights: 3,
      leviedPrice: "600.00",
    });
    const other = await landlord();
    const theirs = await other.client.get("/api/levy-returns/2026");
    expect(theirs.status).toBe(200);
    expect(theirs.body.quarters).toEqual([]);

    const guest = await signedInUser(t.db, server.baseUrl);
    expect((await guest.client.get("/api/levy-returns/2026")).status).toBe(403);
    expect((await client().get("/api/levy-returns/2026")).status).toBe(401);
    const owner = await t.db.execute<{ owner_id: number }>(
      sql`select owner_id from properties where id = ${property.id}`,
    );
    expect(owner.rows[0]?.owner_id).not.toBe(other.user.id);
    expect((await other.client.get("/api/levy-returns/twenty")).status).toBe(400);
    expect((await other.client.get("/api/levy-returns/2019")).status).toBe(400);
  });
});
