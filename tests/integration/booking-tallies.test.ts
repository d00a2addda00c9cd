import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { foldBookingTallies, readBookingTallies } from "../../server/repositories/booking-tallies.repository";
import { createBooking, createProperty, createUser } from "../factories";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/** The booking tallies the database keeps (migration 0013) against the bookings themselves, through every change. */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

/** What counting every booking says, in the tallies' shape. */
async function countedByHand() {
  const result = await t.db.execute<{ status: string; bookings: number; pence: string }>(sql`
    select status, count(*)::int as bookings, (sum(total_price) * 100)::text as pence from bookings group by status`);
  return Object.fromEntries(result.rows.map((r) => [r.status, { bookings: r.bookings, pence: Number(r.pence) }]));
}
const tallied = async () => Object.fromEntries(await readBookingTallies(t.db));

describe("booking tallies", () => {
  it("equal the bookings after inserts, status changes, price changes and deletions, folded or not", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const guest = await createUser(t.db);
    // Many bookings in one statement, then one at a time.
    await t.db.execute(sql`
      insert into bookings (property_id, guest_id, check_in, check_out, total_price, status, guest_count)
      select ${property.id}, ${guest.id}, date '2031-01-01' + g * 3, date '2031-01-01' + g * 3 + 2, 100 + g,
        (array['completed', 'cancelled', 'confirmed'])[1 + g % 3]::booking_status, 1
      from generate_series(0, 29) g`);
    const single = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: "2032-01-01",
      checkOut: "2032-01-03",
      totalPrice: "250.55",
      status: "pending",
      holdExpiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(await tallied()).toEqual(await countedByHand());

    // Through the app: a request, then the landlord accepts it; another request declined.
    const { client } = await signedInUser(t.db, server.baseUrl);
    const stay = (weeks: number) => ({
      propertyId: property.id,
      checkIn: mondayIn(weeks),
      checkOut: addDays(mondayIn(weeks), 2),
      guestCount: 1,
      guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    const accepted = await client.post("/api/bookings", stay(6));
    const declined = await client.post("/api/bookings", stay(8));
    expect((await owner.client.post(`/api/bookings/${accepted.body.id}/accept`)).status).toBe(200);
    expect((await owner.client.post(`/api/bookings/${declined.body.id}/decline`)).status).toBe(200);
    expect(await tallied()).toEqual(await countedByHand());

    await foldBookingTallies(t.db);
    const folded = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_tallies`);
    expect(folded.rows[0]?.n).toBe(Object.keys(await countedByHand()).length);
    expect(await tallied()).toEqual(await countedByHand());

    // A price corrected, a status moved by hand, bookings deleted; an update that touches neither adds nothing.
    await t.db.execute(sql`update bookings set total_price = total_price + 10 where id = ${single.id}`);
    await t.db.execute(sql`update bookings set status = 'completed' where status = 'confirmed'`);
    await t.db.execute(sql`delete from bookings where status = 'cancelled' and property_id = ${property.id}`);
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_tallies`);
    await t.db.execute(sql`update bookings set guest_count = guest_count where property_id = ${property.id}`);
    const after = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_tallies`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect(await tallied()).toEqual(await countedByHand());
  });

  it("stay right when two instances fold at the same moment while bookings change", async () => {
    const property = await createProperty(t.db);
    const guest = await createUser(t.db);
    const work = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0
        ? foldBookingTallies(t.db)
        : createBooking(t.db, {
            propertyId: property.id,
            guestId: guest.id,
            checkIn: addDays("2033-01-01", i * 4),
            checkOut: addDays("2033-01-01", i * 4 + 2),
            totalPrice: `${100 + i}.25`,
            status: "confirmed",
          }),
    );
    await Promise.all(work);
    await Promise.all([foldBookingTallies(t.db), foldBookingTallies(t.db)]);
    expect(await tallied()).toEqual(await countedByHand());
  });
});
