import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { createProperty } from "../factories";
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
