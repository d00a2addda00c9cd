import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { loadConfig } from "../../server/config/env";
import { bookings, outgoingMessages } from "../../server/db/schema";
import { DATES_TAKEN } from "../../server/services/bookings.service";
import { BookingNotifier } from "../../server/services/messaging/booking-notifier";
import type { Email } from "../../server/services/messaging/messenger";
import type { Outbox } from "../../server/services/messaging/outbox";
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

/**
 * The SQL sent while `run` runs, but for the outbox workers' (they run on their own): their look for letters to send,
 * and a letter's delivery into the local mailbox, which on a busy machine can land before the booking's answer.
 */
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
  const workers = (text: string) =>
    (/outgoing_messages/.test(text) && !/^\s*insert/i.test(text)) || /\boutbox_messages\b/.test(text);
  return seen.filter((text) => !workers(text)).map((text) => text.replace(/\s+/g, " ").trim().slice(0, 100));
}

describe("statements per booking", () => {
  it("a guest's request for a London short let sends 8, the session's read included", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { maxGuests: 4 });
    const statements = await sentDuring(() => requestStay(client, property.id, mondayIn(5), 3));
    expect(statements, statements.join("\n")).toHaveLength(8);
  });
});

describe("the landlord's letter about a new request", () => {
  it("is written from the booking just inserted, word for word as reading the booking back would write it", async () => {
    const landlord = await createUser(t.db, { role: "landlord", isApproved: true, firstName: "Grace" });
    const property = await createProperty(t.db, { ownerId: landlord.id, title: "Mews House by the Canal" });
    const { client } = await signedInUser(t.db, server.baseUrl);
    const booked = await requestStay(client, property.id, mondayIn(7), 3);
    const written = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.recipient, landlord.email));

    const readBack: Email[] = [];
    const outbox = {
      add: async (_tx: unknown, messages: { email: Email }[]) => readBack.push(...messages.map((m) => m.email)),
    };
    const notifier = new BookingNotifier(outbox as unknown as Outbox, loadConfig({ LOG_LEVEL: "silent" }).publicUrl);
    await t.db.transaction((tx) => notifier.add(tx, booked.id, "requested"));
    expect(readBack).toHaveLength(1);
    expect(written.map((m) => ({ to: m.recipient, subject: m.subject, text: m.body, html: m.html }))).toEqual(
      readBack.map(({ to, subject, text, html }) => ({ to, subject, text, html })),
    );
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
