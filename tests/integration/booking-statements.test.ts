import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { DATES_TAKEN } from "../../server/services/bookings.service";
import { createProperty, createUser } from "../factories";
import { requestStay } from "../support/book-stay";
import { untilWaitingForLocks } from "../support/locks";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Most of a booking's cost is the statements it sends PostgreSQL, one round trip each, so their number is watched
 * here: every statement of every connection, the pool's reads and the transaction's own.
 */
const { t, server } = setUpTestApp();

/** The SQL sent while `run` runs, but for the outbox workers' look for letters to send (they run on their own). */
async function sentDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    seen.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  const workers = (text: string) => /outgoing_messages/.test(text) && !/^\s*insert/i.test(text);
  return seen.filter((text) => !workers(text)).map((text) => text.replace(/\s+/g, " ").trim().slice(0, 100));
}

describe("statements per booking", () => {
  it("a guest's request for a London short let sends 10, the session's read included", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { maxGuests: 4 });
    const statements = await sentDuring(() => requestStay(client, property.id, mondayIn(5), 3));
    expect(statements, statements.join("\n")).toHaveLength(10);
  });
});

describe("a booking's transaction, which has no savepoint to fall back to", () => {
  it("is run again whole after a deadlock with another booking of the same nights, then refused as taken", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { maxGuests: 4 });
    const rivalGuest = await createUser(t.db);
    const start = mondayIn(6);
    // Another booking of the same nights, inserted and not yet committed.
    const rival = await t.db.$client.connect();
    try {
      await rival.query("begin");
      // The request is to be the one PostgreSQL picks to abort, as it is when its insert has waited longer.
      await rival.query("set local deadlock_timeout = '20s'");
      await rival.query(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, guest_count, status)
         values ($1, $2, $3, $4, 300, 1, 'pending')`,
        [property.id, rivalGuest.id, start, addDays(start, 2)],
      );
      // The request holds the listing's lock (London's yearly limit) and its insert waits for the rival's.
      const answer = client.post("/api/bookings", {
        propertyId: property.id,
        checkIn: addDays(start, 1),
        checkOut: addDays(start, 4),
        guestCount: 1,
        guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      });
      await untilWaitingForLocks(t.db);
      // The rival now wants the listing's lock: each waits for the other, and the request's insert is aborted (40P01).
      await rival.query("select 1 from properties where id = $1 for no key update", [property.id]);
      await rival.query("commit");
      const refused = await answer;
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.message).toBe(DATES_TAKEN);
    } finally {
      rival.release();
    }
    const booked = await t.db.select().from(bookings).where(eq(bookings.propertyId, property.id));
    expect(booked.map((b) => b.guestId)).toEqual([rivalGuest.id]);
  });
});
