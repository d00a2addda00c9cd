import { describe, expect, it } from "vitest";
import { addDays, nightsBetween } from "../../common/domain/calendar-dates";
import { periodIndexOn, periodStartOf } from "../../common/domain/periodic-tenancy";
import { tenancies } from "../../server/db/schema";
import { findCountedNights } from "../../server/repositories/counted-nights.sql";
import { createBooking, createProperty } from "../factories";
import { setUpTestApp } from "../support/test-context";

/**
 * The nights a stay counts for in the figures (decision 038), checked against the rent periods the rent job uses
 * (common/domain/periodic-tenancy.ts), including periods that start on a day a shorter month lacks.
 */
const { t } = setUpTestApp({ withoutChangeFeed: true });

/** A pending booking (so no money is posted) at a listing of its own, from `checkIn` to `checkOut`. */
async function stay(checkIn: string, checkOut: string) {
  const property = await createProperty(t.db);
  return createBooking(t.db, { propertyId: property.id, checkIn, checkOut, status: "pending" });
}

async function tenancy(
  startsOn: string,
  fields: { checkOut?: string; endsOn?: string; formerFixedTermCheckOut?: string } = {},
) {
  const booking = await stay(startsOn, fields.checkOut ?? addDays(startsOn, 800));
  await t.db.insert(tenancies).values({
    bookingId: booking.id,
    startsOn,
    monthlyRentPence: 200_000,
    demo: true,
    endsOn: fields.endsOn ?? null,
    formerFixedTermCheckOut: fields.formerFixedTermCheckOut ?? null,
  });
  return booking.id;
}

const countedOn = async (bookingId: number, today: string) =>
  (await findCountedNights(t.db, [bookingId], today)).get(bookingId);

describe("the nights a stay counts for", () => {
  it("counts an open periodic tenancy to the end of the rent period due, as the rent job dates its periods", async () => {
    for (const startsOn of ["2026-01-31", "2026-05-15", "2027-08-31", "2028-02-29", "2026-06-01"]) {
      const id = await tenancy(startsOn);
      for (let offset = -3; offset <= 430; offset += 3) {
        const today = addDays(startsOn, offset);
        const from = offset < 0 ? startsOn : today;
        const periodEnd = periodStartOf(startsOn, periodIndexOn(startsOn, from) + 1);
        expect(await countedOn(id, today), `${startsOn} on ${today}`).toBe(nightsBetween(startsOn, periodEnd));
      }
    }
  });

  it("counts a tenancy under notice to its last day, a converted fixed term to its old check-out, and never past the hold", async () => {
    const noticed = await tenancy("2026-05-10", { endsOn: "2026-08-09", checkOut: "2026-08-10" });
    expect(await countedOn(noticed, "2026-06-03")).toBe(92);
    expect(await countedOn(noticed, "2026-12-01")).toBe(92);

    const converted = await tenancy("2025-11-01", { formerFixedTermCheckOut: "2026-11-01" });
    expect(await countedOn(converted, "2026-06-03")).toBe(nightsBetween("2025-11-01", "2026-11-01"));
    // Past the old term, the rent period due again.
    expect(await countedOn(converted, "2026-11-20")).toBe(nightsBetween("2025-11-01", "2026-12-01"));

    // A hold that lags behind (the rent job stopped) is the most a tenancy counts.
    const lagging = await tenancy("2026-05-15", { checkOut: "2026-06-01" });
    expect(await countedOn(lagging, "2026-06-03")).toBe(17);
  });

  it("counts any other stay from check-in to check-out, whatever the day", async () => {
    const booking = await stay("2026-06-10", "2026-06-13");
    expect(await countedOn(booking.id, "2026-01-01")).toBe(3);
    expect(await countedOn(booking.id, "2027-01-01")).toBe(3);
    expect(await findCountedNights(t.db, [], "2026-01-01")).toEqual(new Map());
  });
});
