import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, formatDateGb, londonToday } from "../../common/domain/calendar-dates";
import { bookings, outgoingMessages, properties } from "../../server/db/schema";
import { createProperty, propertyForm } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const guest = () => signedInUser(t.db, server.baseUrl);
const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });

const quote = (client: HttpClient, ref: number | string, checkIn: string, checkOut: string, extra = "") =>
  client.get(`/api/properties/${ref}/quote?checkIn=${checkIn}&checkOut=${checkOut}${extra}`);

const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const book = (client: HttpClient, propertyId: number, checkIn: string, checkOut: string, extra = {}) =>
  client.post("/api/bookings", { propertyId, checkIn, checkOut, guestCount: 1, guestInfo, ...extra });

const bookingsOf = (propertyId: number) =>
  t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.propertyId, propertyId));
const listingsOf = async (ownerId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(properties).where(eq(properties.ownerId, ownerId)))[0]?.n;

/** Seven calendar months from a Monday some weeks ahead: a tenancy by length. */
const tenancyStay = (weeks = 6) => {
  const checkIn = mondayIn(weeks);
  return { checkIn, checkOut: addCalendarMonths(checkIn, 7) };
};

describe("tenancy deposits on the server (Tenant Fees Act caps)", () => {
  it("refuses a tenancy quote and booking when the listing's deposit is over five weeks' rent, and stores nothing", async () => {
    // £3,600 a month: five weeks' rent is £4,153.84. Such a listing predates the check (saving it is refused below).
    const property = await createProperty(t.db, { pricePerMonth: "3600.00", depositAmount: "4200.00" });
    const { client } = await guest();
    const { checkIn, checkOut } = tenancyStay();

    const refused = await quote(client, property.id, checkIn, checkOut);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      "This property can't be let as a tenancy right now: its deposit of £4,200 is more than five weeks' rent (£4,153.84), the most the Tenant Fees Act 2019 allows. The landlord needs to lower it.",
    );
    const booking = await book(client, property.id, checkIn, checkOut);
    expect(booking.status).toBe(422);
    expect(booking.body.message).toMatch(/more than five weeks' rent/);
    expect(await bookingsOf(property.id)).toHaveLength(0);

    // Shorter stays are not tenancies, and the deposit cap does not apply to them.
    const shortLet = await quote(client, property.id, checkIn, addDays(checkIn, 5));
    expect(shortLet.status).toBe(200);
    expect(shortLet.body).toMatchObject({ mode: "short_let", available: true, deposits: null });
  });

  it("allows six weeks' rent at £50,000 a year: saved, quoted and booked as a tenancy with no service fee", async () => {
    const owner = await landlord();
    // £4,166.67 a month is £50,000.04 a year: six weeks' rent is £5,769.23.
    const created = await owner.client.post(
      "/api/properties",
      propertyForm({
        pricePerMonth: 4166.67,
        depositAmount: 5769.23,
        holdingDepositAmount: 961.53,
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      depositAmount: "5769.23",
      holdingDepositAmount: "961.53",
      tenancyOffered: true,
      shortLetOffered: true,
      midLetOffered: true,
    });
    const id = created.body.id as number;

    const { client } = await guest();
    const { checkIn, checkOut } = tenancyStay(8);
    const answer = await quote(client, id, checkIn, checkOut);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      available: true,
      mode: "tenancy",
      nightly: [],
      serviceFee: 0,
      // An English tenancy from 1 May 2026 is periodic: the first month's rent, taken when it is agreed.
      subtotal: 4166.67,
      total: 4166.67,
      rent: { monthly: 4166.67, months: 1, extraDays: 0 },
      deposits: {
        deposit: 5769.23,
        holdingDeposit: 961.53,
        depositCap: 5769.23,
        depositCapWeeks: 6,
        holdingDepositCap: 961.53,
        weeklyRent: 961.53,
        annualRent: 50000.04,
      },
    });
    const topics = (answer.body.guidance as { topic: string; source: string }[]).map((g) => g.topic);
    // An English tenancy from 1 May 2026 is periodic, and its rules say so first.
    expect(topics).toEqual([
      "Periodic tenancy",
      "No fees",
      "Holding deposit",
      "Deposit",
      "Deposit protection",
      "Right to Rent",
    ]);

    const booked = await book(client, id, checkIn, checkOut);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ stayMode: "tenancy", totalPrice: "4166.67", serviceFee: "0.00" });
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, booked.body.id as number));
    expect(row).toMatchObject({ stayMode: "tenancy", depositAmount: "5769.23" });

    // A penny under £50,000 a year, the same deposit is over five weeks' rent: refused, nothing saved.
    const before = await listingsOf(owner.user.id);
    const lower = await owner.client.post(
      "/api/properties",
      propertyForm({ pricePerMonth: 4166.66, depositAmount: 5769.23 }),
    );
    expect(lower.status).toBe(400);
    expect(lower.body.message).toBe(
      "For a tenancy the deposit can be at most five weeks' rent, £4,807.68 at this monthly rent (Tenant Fees Act 2019). Lower the deposit, or stop offering tenancies.",
    );
    expect(await listingsOf(owner.user.id)).toBe(before);
  });

  it("refuses to raise a tenancy listing's deposit over the cap, and keeps it as it was", async () => {
    const owner = await landlord();
    const created = await owner.client.post(
      "/api/properties",
      propertyForm({ pricePerMonth: 3600, depositAmount: 4000 }),
    );
    expect(created.status).toBe(201);
    const { amenities: _createOnly, ...form } = propertyForm({ pricePerMonth: 3600 });
    const url = `/api/properties/${created.body.id}`;

    const raised = await owner.client.request("PUT", url, { ...form, depositAmount: 4153.85 });
    expect(raised.status).toBe(400);
    expect(raised.body.message).toMatch(/at most five weeks' rent, £4,153.84/);
    const holding = await owner.client.request("PUT", url, { ...form, holdingDepositAmount: 830.77 });
    expect(holding.status).toBe(400);
    expect(holding.body.message).toMatch(/holding deposit can be at most one week's rent, £830.76/);
    const [stored] = await t.db
      .select({ deposit: properties.depositAmount, holding: properties.holdingDepositAmount })
      .from(properties)
      .where(eq(properties.id, created.body.id as number));
    expect(stored).toEqual({ deposit: "4000.00", holding: null });

    // Without tenancies the cap does not apply.
    const shortOnly = await owner.client.request("PUT", url, { ...form, depositAmount: 6000, tenancyOffered: false });
    expect(shortOnly.status).toBe(200);
    expect(shortOnly.body).toMatchObject({ depositAmount: "6000.00", tenancyOffered: false });
  });
});

describe("stay modes and their lengths", () => {
  it("says plainly why a stay outside the listing's modes or lengths cannot be booked, and books nothing", async () => {
    const property = await createProperty(t.db, {
      shortLetMinNights: 3,
      shortLetMaxNights: 14,
      midLetOffered: false,
      minTenancyMonths: 12,
    });
    const { client } = await guest();
    const checkIn = mondayIn(5);

    const tooShort = await quote(client, property.id, checkIn, addDays(checkIn, 2));
    expect(tooShort.body).toMatchObject({
      available: false,
      mode: "short_let",
      reasons: ["Short lets here are at least 3 nights."],
    });
    const tooLong = await quote(client, property.id, checkIn, addDays(checkIn, 20));
    expect(tooLong.body.reasons).toEqual(["Short lets here are at most 14 nights."]);
    const midLet = await quote(client, property.id, checkIn, addDays(checkIn, 40));
    expect(midLet.body).toMatchObject({
      available: false,
      mode: "mid_let",
      reasons: [
        // An English tenancy from 1 May 2026 has no term of months, whatever the listing stored before the law changed.
        "This property doesn't offer mid lets (stays of 28 nights to 6 months). It offers short lets of 3 to 14 nights and periodic tenancies (rent monthly, no fixed term).",
      ],
    });
    const shortTenancy = await quote(client, property.id, checkIn, addCalendarMonths(checkIn, 9));
    expect(shortTenancy.body).toMatchObject({ mode: "tenancy", available: true, reasons: [] });
    expect((await quote(client, property.id, checkIn, addCalendarMonths(checkIn, 12))).body.available).toBe(true);
    expect((await quote(client, property.id, checkIn, addDays(checkIn, 3))).body.available).toBe(true);

    const refused = await book(client, property.id, checkIn, addDays(checkIn, 40));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/doesn't offer mid lets/);
    expect((await book(client, property.id, checkIn, addDays(checkIn, 2))).status).toBe(400);
    expect(await bookingsOf(property.id)).toHaveLength(0);
  });

  it("makes a stay of 28 nights or more a tenancy when the guest asks and the listing offers them", async () => {
    const property = await createProperty(t.db, { pricePerMonth: "3000.00", minTenancyMonths: 1 });
    const { client } = await guest();
    const checkIn = mondayIn(7);
    const checkOut = addCalendarMonths(checkIn, 2);

    const asMidLet = await quote(client, property.id, checkIn, checkOut);
    expect(asMidLet.body).toMatchObject({ mode: "mid_let", rent: null });
    const asTenancy = await quote(client, property.id, checkIn, checkOut, "&asTenancy=true");
    expect(asTenancy.body).toMatchObject({
      mode: "tenancy",
      available: true,
      // Periodic from 1 May 2026 (England): the first month's rent is all that is asked before it is agreed.
      total: 3000,
      serviceFee: 0,
      rent: { monthly: 3000, months: 1, extraDays: 0 },
    });
    const booked = await book(client, property.id, checkIn, checkOut, { asTenancy: true });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ stayMode: "tenancy", totalPrice: "3000.00" });

    // Where tenancies are not offered, the ask leaves the stay a mid let.
    const noTenancies = await createProperty(t.db, { tenancyOffered: false });
    const ignored = await quote(client, noTenancies.id, checkIn, checkOut, "&asTenancy=true");
    expect(ignored.body).toMatchObject({ mode: "mid_let", available: true });
  });

  it("carries VAT guidance for serviced stays from the 29th night, not before", async () => {
    const property = await createProperty(t.db);
    const { client } = await guest();
    const checkIn = mondayIn(9);
    const twentyEight = await quote(client, property.id, checkIn, addDays(checkIn, 28));
    expect(twentyEight.body).toMatchObject({ mode: "mid_let", guidance: [] });
    const twentyNine = await quote(client, property.id, checkIn, addDays(checkIn, 29));
    expect(twentyNine.body.guidance).toEqual([
      expect.objectContaining({
        topic: "VAT from the 29th night",
        source: "HMRC VAT Notice 709/3 (Hotels and holiday accommodation), the section on stays over 28 days",
      }),
    ]);
  });

  it("shows the listing's modes on its public page data", async () => {
    const property = await createProperty(t.db, {
      midLetMaxNights: 90,
      maxTenancyMonths: 12,
      holdingDepositAmount: "500.00",
    });
    const { client } = await guest();
    const detail = await client.get(`/api/properties/${property.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      shortLetOffered: true,
      shortLetMinNights: 1,
      shortLetMaxNights: 27,
      midLetOffered: true,
      midLetMinNights: 28,
      midLetMaxNights: 90,
      tenancyOffered: true,
      minTenancyMonths: 6,
      maxTenancyMonths: 12,
      holdingDepositAmount: "500.00",
      epcExemptionReference: null,
    });
  });
});

describe("energy rating and tenancies", () => {
  it("cannot publish an EPC F home for tenancy without an exemption; can with one, or without tenancies", async () => {
    const owner = await landlord();
    const before = await listingsOf(owner.user.id);
    const refused = await owner.client.post("/api/properties", propertyForm({ epcRating: "F" }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "A home rated EPC F can't be let on a tenancy unless an exemption is registered (Minimum Energy Efficiency Standard). Add the exemption reference, or stop offering tenancies.",
    );
    expect(await listingsOf(owner.user.id)).toBe(before);

    const withoutTenancies = await owner.client.post(
      "/api/properties",
      propertyForm({ epcRating: "F", tenancyOffered: false }),
    );
    expect(withoutTenancies.status).toBe(201);
    const { amenities: _createOnly, ...form } = propertyForm({ epcRating: "F" });
    const url = `/api/properties/${withoutTenancies.body.id}`;
    const turnedOn = await owner.client.request("PUT", url, { ...form, tenancyOffered: true });
    expect(turnedOn.status).toBe(400);
    expect(turnedOn.body.message).toMatch(/EPC F can't be let on a tenancy/);
    const exempt = await owner.client.request("PUT", url, {
      ...form,
      tenancyOffered: true,
      epcExemptionReference: "PRSE-2027-000123",
    });
    expect(exempt.status).toBe(200);
    expect(exempt.body).toMatchObject({ tenancyOffered: true, epcExemptionReference: "PRSE-2027-000123" });
  });

  it("refuses a tenancy on a G-rated listing that offers tenancies without an exemption on record", async () => {
    const property = await createProperty(t.db, { epcRating: "G" });
    const { client } = await guest();
    const { checkIn, checkOut } = tenancyStay(10);
    const refused = await quote(client, property.id, checkIn, checkOut);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/rated EPC G and no exemption is recorded/);
  });
});

describe("the landlord's tenancy duties", () => {
  it("reminds the landlord, dated, to protect the deposit and check the Right to Rent once a tenancy is confirmed", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, {
      ownerId: owner.user.id,
      pricePerMonth: "3600.00",
      depositAmount: "4000.00",
      minTenancyMonths: 6,
    });
    const { client } = await guest();
    const { checkIn, checkOut } = tenancyStay(4);
    const booked = await book(client, property.id, checkIn, checkOut);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id as number;
    const reference = `SL-${String(id).padStart(6, "0")}`;

    // The request tells the landlord what a tenancy will ask of them.
    const letters = () =>
      t.db
        .select({ subject: outgoingMessages.subject, body: outgoingMessages.body })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.recipient, owner.user.email))
        // The first letter written is the request: sending a letter rewrites its row, which may move it in the table.
        .orderBy(outgoingMessages.id);
    const [request] = await letters();
    expect(request?.subject).toBe(`New booking request ${reference}`);
    expect(request?.body).toMatch(/This request is for a tenancy/);

    // Before it is confirmed, the Right to Rent is dated and the deposit waits for the confirmation.
    const pending = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(pending.find((b) => b.id === id)).toMatchObject({
      stayMode: "tenancy",
      tenancyReminders: [
        { kind: "deposit_protection", dueOn: null },
        { kind: "right_to_rent", dueOn: checkIn },
      ],
    });

    // The tenant accepts the written statement of terms first: the landlord cannot agree the tenancy before.
    const statement = (await client.get(`/api/bookings/${id}/tenancy-rights`)).body.statement as { sha256: string };
    const accepted = await client.post(`/api/bookings/${id}/statement-of-terms/accept`, { sha256: statement.sha256 });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await owner.client.post(`/api/bookings/${id}/accept`)).status).toBe(200);
    const protectBy = addDays(londonToday(), 30);
    const confirmed = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(confirmed.find((b) => b.id === id)).toMatchObject({
      status: "confirmed",
      tenancyReminders: [
        {
          kind: "deposit_protection",
          dueOn: protectBy,
          title: "Protect the deposit",
          source: "Housing Act 2004, sections 213 to 215",
        },
        { kind: "right_to_rent", dueOn: checkIn, source: "Immigration Act 2014 (Right to Rent checks)" },
      ],
    });

    // The e-mail was written in the confirmation's transaction, through the outbox.
    const duties = (await letters()).find((l) => l.subject.startsWith("Tenancy"));
    expect(duties?.subject).toBe(`Tenancy ${reference}: your deposit and Right to Rent duties`);
    expect(duties?.body).toContain(`Protect the deposit by ${formatDateGb(protectBy)}.`);
    expect(duties?.body).toContain("£4,000 deposit");
    expect(duties?.body).toContain(`Check the Right to Rent by ${formatDateGb(checkIn)}.`);
    expect(duties?.body).toContain("not legal advice");
  });

  it("sends no tenancy duties for a short let", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const { client } = await guest();
    const checkIn = mondayIn(3);
    const booked = await book(client, property.id, checkIn, addDays(checkIn, 3));
    expect(booked.body).toMatchObject({ stayMode: "short_let" });
    expect((await owner.client.post(`/api/bookings/${booked.body.id}/accept`)).status).toBe(200);
    const list = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(list.find((b) => b.id === booked.body.id)).toMatchObject({ stayMode: "short_let", tenancyReminders: [] });
    const tenancyLetters = await t.db
      .select({ id: outgoingMessages.id })
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.recipient, owner.user.email), sql`${outgoingMessages.subject} like 'Tenancy%'`));
    expect(tenancyLetters).toHaveLength(0);
  });
});

describe("bad input about stay modes", () => {
  it.each([
    ["a holding deposit with fractions of pence", { holdingDepositAmount: 100.005 }, "Use at most 2 decimal places"],
    ["a deposit with fractions of pence", { depositAmount: 1500.505 }, "Use at most 2 decimal places"],
    ["a short let longer than 27 nights", { shortLetMaxNights: 28 }, "Longest short let: choose 1 to 27 nights"],
    ["a mid let longer than 6 months", { midLetMaxNights: 185 }, "Longest mid let: choose 28 to 184 nights"],
    [
      "a longest tenancy in parts of months",
      { maxTenancyMonths: 6.5 },
      "Longest tenancy must be a whole number of months",
    ],
    ["a mode offered as text", { tenancyOffered: "yes" }, "tenancyOffered must be true or false"],
    [
      "no mode at all",
      { shortLetOffered: false, midLetOffered: false, tenancyOffered: false },
      "Offer at least one kind of stay",
    ],
    [
      "an exemption reference of 101 characters",
      { epcExemptionReference: "x".repeat(101) },
      "The exemption reference must be at most 100 characters",
    ],
  ])("refuses %s with a 400 and stores nothing", async (_label, fields, message) => {
    const owner = await landlord();
    const response = await owner.client.post("/api/properties", propertyForm(fields));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await listingsOf(owner.user.id)).toBe(0);
  });

  it("refuses a tenancy asked for on fewer than 28 nights, or asked for in words the API does not know", async () => {
    const property = await createProperty(t.db);
    const { client } = await guest();
    const checkIn = mondayIn(11);
    const short = await quote(client, property.id, checkIn, addDays(checkIn, 27), "&asTenancy=true");
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/A tenancy needs a stay of at least 28 nights/);
    const words = await quote(client, property.id, checkIn, addDays(checkIn, 40), "&asTenancy=yes");
    expect(words.status).toBe(400);
    expect(words.body.message).toMatch(/asTenancy must be true or false/);
    const booking = await book(client, property.id, checkIn, addDays(checkIn, 27), { asTenancy: true });
    expect(booking.status).toBe(400);
    expect(booking.body.message).toMatch(/A tenancy needs a stay of at least 28 nights/);
    expect((await book(client, property.id, checkIn, addDays(checkIn, 40), { asTenancy: "yes" })).status).toBe(400);
    expect(await bookingsOf(property.id)).toHaveLength(0);
  });
});
