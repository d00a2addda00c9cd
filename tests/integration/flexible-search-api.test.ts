import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths, dayOfWeek, londonToday } from "../../common/domain/calendar-dates";
import { flexCheckOut } from "../../common/domain/flexible-dates";
import { DEFAULT_STAY_MODES, stayLengthReason } from "../../common/domain/stay-modes";
import { availability, properties } from "../../server/db/schema";
import { stayLengthFits } from "../../server/repositories/properties/flexible-window.sql";
import { createBooking, createProperty, createUser } from "../factories";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();
let ownerId: number;

beforeAll(async () => {
  ownerId = (await createUser(t.db, { role: "landlord" })).id;
});

/** A word of its own per test, searched as text, so one test's listings never show in another's results. */
const newTown = () => `flexbury${randomBytes(4).toString("hex")}`;

const listing = (town: string, fields: Parameters<typeof createProperty>[1] = {}) =>
  createProperty(t.db, {
    ownerId,
    city: town,
    region: "Testshire",
    description: `A bright test flat in ${town}, with a long enough description for the listing.`,
    pricePerNight: "100.00",
    ...fields,
  });

/** June of next year, and its days. */
const nextYear = Number(londonToday().slice(0, 4)) + 1;
const JUNE = `${nextYear}-06`;
const JULY = `${nextYear}-07`;
const june = (day: number) => `${JUNE}-${String(day).padStart(2, "0")}`;

type Window = { checkIn: string; checkOut: string; nights: number; total: number };
type Card = { id: number; slug: string; allInPricePerNight: string; window?: Window };

async function search(params: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/api/properties?${new URLSearchParams(params)}`);
  const body = (await response.json()) as unknown;
  return { status: response.status, body, total: Number(response.headers.get("x-total-count")) };
}

async function found(town: string, flex: string, months: string): Promise<Card[]> {
  const answer = await search({ q: town, flex, months });
  expect(answer.status).toBe(200);
  return answer.body as Card[];
}

/** Blocks each night from `first` up to, not including, `until`. */
async function block(propertyId: number, first: string, until: string) {
  const nights: string[] = [];
  for (let night = first; night < until; night = addDays(night, 1)) nights.push(night);
  await t.db.insert(availability).values(nights.map((date) => ({ propertyId, date, status: "blocked" as const })));
}

describe("GET /api/properties with flex and months", () => {
  it("finds a listing free only in the second week of June by 'a week in June', with exactly that week", async () => {
    const town = newTown();
    const property = await listing(town);
    // Taken before, blocked and booked after: the nights of 8 to 14 June are the only free ones around June.
    await createBooking(t.db, { propertyId: property.id, checkIn: june(1), checkOut: june(8), status: "confirmed" });
    await block(property.id, june(15), `${JULY}-01`);
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: `${JULY}-01`,
      checkOut: `${JULY}-10`,
      status: "pending",
    });

    const cards = await found(town, "week", JUNE);
    expect(cards.map((c) => c.slug)).toEqual([property.slug]);
    expect(cards[0]?.window).toMatchObject({ checkIn: june(8), checkOut: june(15), nights: 7 });

    // The window's total is what the quote charges for those nights.
    const quote = await fetch(
      `${server.baseUrl}/api/properties/${property.id}/quote?checkIn=${june(8)}&checkOut=${june(15)}`,
    );
    const quoted = (await quote.json()) as { total: number; available: boolean };
    expect(quoted.available).toBe(true);
    expect(cards[0]?.window?.total).toBe(quoted.total);
  });

  it("leaves out a listing with no free week starting in June, yet finds its first free weekend", async () => {
    const town = newTown();
    const property = await listing(town);
    // A held night every sixth night from 1 June to 1 July: no seven free nights in a row start in June.
    const held = [1, 7, 13, 19, 25].map(june).concat(`${JULY}-01`);
    await createBooking(t.db, { propertyId: property.id, checkIn: june(1), checkOut: june(2), status: "confirmed" });
    for (const night of held.slice(1)) {
      await t.db.insert(availability).values({ propertyId: property.id, date: night, status: "blocked" });
    }
    expect(await found(town, "week", JUNE)).toEqual([]);

    // A weekend: the first Friday whose Friday and Saturday nights are both free.
    let friday = june(1);
    while (dayOfWeek(friday) !== 5 || held.includes(friday) || held.includes(addDays(friday, 1))) {
      friday = addDays(friday, 1);
    }
    const weekend = await found(town, "weekend", JUNE);
    expect(weekend[0]?.window).toMatchObject({ checkIn: friday, checkOut: addDays(friday, 2), nights: 2 });
  });

  it("respects the listing's minimum and maximum stay for each kind of stay", async () => {
    const town = newTown();
    const atLeastTen = await listing(town, { shortLetMinNights: 10 });
    const atLeastSeven = await listing(town, { shortLetMinNights: 7 });
    const atMostFive = await listing(town, { shortLetMaxNights: 5 });
    const noMidLets = await listing(town, { midLetOffered: false });
    const monthOf31 = await listing(town, { midLetMinNights: 31 });
    const slugs = (cards: Card[]) => cards.map((c) => c.slug).sort();

    expect(slugs(await found(town, "week", JUNE))).toEqual([atLeastSeven.slug, noMidLets.slug, monthOf31.slug].sort());
    expect(slugs(await found(town, "weekend", JUNE))).toEqual([atMostFive.slug, noMidLets.slug, monthOf31.slug].sort());
    // Every month from a June day is 30 nights; from 1 July it is 31.
    expect(slugs(await found(town, "month", JUNE))).toEqual(
      [atLeastTen.slug, atLeastSeven.slug, atMostFive.slug].sort(),
    );
    const july = await found(town, "month", JULY);
    expect(july.find((c) => c.slug === monthOf31.slug)?.window).toMatchObject({
      checkIn: `${JULY}-01`,
      checkOut: `${nextYear}-08-01`,
      nights: 31,
    });
    expect(july.map((c) => c.slug)).not.toContain(noMidLets.slug);
  });

  it("starts no window before the listing is available, and finds nothing at a listing under maintenance", async () => {
    const town = newTown();
    const later = await listing(town, { availableFrom: june(20) });
    await listing(town, { underMaintenance: true });
    const cards = await found(town, "week", JUNE);
    expect(cards.map((c) => c.slug)).toEqual([later.slug]);
    expect(cards[0]?.window).toMatchObject({ checkIn: june(20), checkOut: june(27) });
  });

  it("picks the earliest window across several months, and a listing changing drops out at once", async () => {
    const town = newTown();
    const property = await listing(town);
    await block(property.id, june(1), `${JULY}-05`);
    const cards = await found(town, "week", `${JULY},${JUNE}`);
    expect(cards[0]?.window).toMatchObject({ checkIn: `${JULY}-05`, checkOut: `${JULY}-12` });

    await t.db.update(properties).set({ underMaintenance: true }).where(eq(properties.id, property.id));
    expect(await found(town, "week", `${JUNE},${JULY}`)).toEqual([]);
  });

  it("keeps exact dates working beside it, without a window on the cards", async () => {
    const town = newTown();
    const property = await listing(town);
    const answer = await search({ q: town, checkIn: june(3), checkOut: june(6) });
    expect(answer.status).toBe(200);
    expect((answer.body as Card[]).map((c) => [c.slug, c.window])).toEqual([[property.slug, undefined]]);
  });

  const thisMonth = londonToday().slice(0, 7);
  const lastMonth = addMonths(londonToday(), -1).slice(0, 7);
  const tooFar = addMonths(londonToday(), 19).slice(0, 7);
  it.each([
    ["an unknown kind of stay", `flex=fortnight&months=${JUNE}`, /flex must be one of weekend, week, month/],
    ["flex without months", "flex=week", /months is required with flex/],
    ["months without flex", `months=${JUNE}`, /flex is required with months/],
    ["a malformed month", "flex=week&months=2027-6", /"2027-6" is not a month written YYYY-MM/],
    ["a month that does not exist", "flex=week&months=2027-13", /is not a month written YYYY-MM/],
    ["an empty month list", "flex=week&months=", /is not a month written YYYY-MM/],
    ["a month in the past", `flex=week&months=${lastMonth}`, /is in the past/],
    ["a month years away", `flex=week&months=${tooFar}`, /more than 18 months ahead/],
    ["four months", `flex=week&months=${thisMonth},${JUNE},${JULY},${nextYear}-08`, /at most 3 months/],
    ["a month twice", `flex=week&months=${JUNE},${JUNE}`, /listed twice/],
    [
      "flex with exact dates",
      `flex=week&months=${JUNE}&checkIn=${june(3)}&checkOut=${june(6)}`,
      /cannot be combined with checkIn and checkOut/,
    ],
  ])("refuses %s with a 400 that says what to fix", async (_label, query, message) => {
    const response = await fetch(`${server.baseUrl}/api/properties?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it("accepts this month and the month 18 months ahead", async () => {
    const edge = addMonths(londonToday(), 18).slice(0, 7);
    expect((await search({ flex: "week", months: `${thisMonth},${edge}` })).status).toBe(200);
  });

  it("tests a stay's length in SQL exactly as the quote's rule does", async () => {
    const settings = [
      { shortLetMinNights: 1, shortLetMaxNights: 27, midLetMinNights: 28, midLetMaxNights: null },
      { shortLetMinNights: 3, shortLetMaxNights: 7, midLetMinNights: 30, midLetMaxNights: 30 },
      { shortLetMinNights: 7, shortLetMaxNights: 7, midLetMinNights: 31, midLetMaxNights: 60 },
      { shortLetMinNights: 8, shortLetMaxNights: 20, midLetMinNights: 28, midLetMaxNights: 29 },
    ];
    const start = june(1);
    for (const fields of settings) {
      for (const offered of [true, false]) {
        const property = await listing(newTown(), { ...fields, shortLetOffered: offered, midLetOffered: !offered });
        const terms = { ...DEFAULT_STAY_MODES, ...fields, shortLetOffered: offered, midLetOffered: !offered };
        for (const [mode, checkOuts] of [
          ["short_let", [2, 3, 7, 8, 20, 27].map((n) => addDays(start, n))],
          ["mid_let", [28, 29, 30, 31].map((n) => addDays(start, n)).concat(flexCheckOut("month", start))],
        ] as const) {
          for (const checkOut of checkOuts) {
            const nights = (Date.parse(checkOut) - Date.parse(start)) / 86_400_000;
            const [row] = await t.db
              .select({ fits: stayLengthFits(mode, sql`${nights}::int`).mapWith(Boolean) })
              .from(properties)
              .where(eq(properties.id, property.id));
            const reason = stayLengthReason(terms, { checkIn: start, checkOut }, mode, start);
            expect(row?.fits, `${mode} ${nights} nights at ${JSON.stringify(terms)}`).toBe(reason === null);
          }
        }
      }
    }
  });
});
