import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { createProperty, createUser } from "../factories";
import { openTransaction, untilWaitingForLocks } from "../support/locks";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * A request for a listing that stops taking bookings at that very moment: the service checked the listing before
 * the change committed, so only the database can refuse the booking (trigger of migration 0012).
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const request = (client: Awaited<ReturnType<typeof signedInUser>>["client"], propertyId: number, checkIn: string) =>
  client.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guestCount: 1,
    guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  });

describe("a booking request racing a listing's removal", () => {
  it.each([
    ["removed by an admin", "is_active = false, removed_at = now(), removal_reason = 'Fake photos'"],
    ["put under maintenance by its owner", "under_maintenance = true"],
  ])("waits for the change and is then refused when the listing is %s", async (_label, change) => {
    const property = await createProperty(t.db);
    const { client } = await signedInUser(t.db, server.baseUrl);
    // The change in flight, as Property Management's removal holds it: the row locked and changed, not committed.
    const inFlight = await openTransaction(t.db, async (c) => {
      await c.query("select 1 from properties where id = $1 for update", [property.id]);
      await c.query(`update properties set ${change} where id = $1`, [property.id]);
    });
    const answer = request(client, property.id, mondayIn(8));
    await untilWaitingForLocks(t.db);
    await inFlight.commit();

    const refused = await answer;
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe("This property is no longer taking bookings.");
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, property.id))).toEqual([]);
  });

  it("books as before when the change was something else", async () => {
    const property = await createProperty(t.db);
    const { client } = await signedInUser(t.db, server.baseUrl);
    const inFlight = await openTransaction(t.db, async (c) => {
      await c.query("select 1 from properties where id = $1 for update", [property.id]);
      await c.query("update properties set title = 'Renamed while you booked' where id = $1", [property.id]);
    });
    const answer = request(client, property.id, mondayIn(8));
    await untilWaitingForLocks(t.db);
    await inFlight.commit();
    expect((await answer).status).toBe(201);
  });
});

describe("an owner closing a listing while a request is being inserted", () => {
  it("waits for the request, so its check and the booking's never cross", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const guest = await createUser(t.db);
    const checkIn = mondayIn(9);
    // A request's insert in flight: its trigger holds the listing's row KEY SHARE.
    const requestInFlight = await openTransaction(t.db, async (c) => {
      await c.query(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, guest_count, status)
         values ($1, $2, $3, $4, 300, 1, 'pending')`,
        [property.id, guest.id, checkIn, addDays(checkIn, 2)],
      );
    });
    const closing = owner.client.post(`/api/properties/${property.id}/status`, { status: "maintenance" });
    await untilWaitingForLocks(t.db, 1, 3_000);
    await requestInFlight.commit();
    expect((await closing).status).toBe(200);
  });
});
