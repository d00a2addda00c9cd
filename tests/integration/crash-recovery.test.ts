import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookingReference } from "../../common/schemas/bookings";
import { createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { exited, startServerProcess } from "../support/server-process";
import { signedInUser } from "../support/signed-in";
import { startSmtpServer } from "../support/smtp-server";
import { mondayIn } from "../support/stay-dates";
import { setUpTestDatabase } from "../support/test-context";

/**
 * The app killed outright (kill -9) in the middle of a stream of bookings, then started again on the same
 * database: every booking that was answered 201 is there exactly once, a guest who got no answer can retry with
 * the same Idempotency-Key and gets the one booking, and every letter those bookings caused reaches the mail
 * server once.
 */
const t = setUpTestDatabase();
const running: ChildProcess[] = [];
let dataDir = "";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Attempt = { key: string; body: Record<string, unknown>; guest: number; bookingId?: number; unanswered?: true };

async function start(env: Record<string, string>) {
  const { child, port } = await startServerProcess({ DATABASE_URL: t.url, DATA_DIR: dataDir, ...env });
  running.push(child);
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

describe("kill -9 under booking load", () => {
  it("keeps every answered booking exactly once, and every letter they caused is sent once", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "staylondon-crash-"));
    smtp = await startSmtpServer({ delayMs: 2 });
    const env = {
      SMTP_URL: smtp.url,
      DEV_OUTBOX: "off",
      RATE_LIMIT_FACTOR: "0",
      OUTBOX_POLL_MS: "200",
      BOOKING_JOBS_INTERVAL_SECONDS: "0",
    };
    let first = await start(env);

    const landlord = await createUser(t.db, { role: "landlord", isApproved: true, email: "crash-owner@crash.test" });
    const properties = await Promise.all(
      Array.from({ length: 10 }, () => createProperty(t.db, { ownerId: landlord.id, maxGuests: 2 })),
    );
    const guests = await Promise.all(Array.from({ length: 12 }, () => signedInUser(t.db, first.baseUrl)));
    // Two-night stays that never overlap: each attempt can only be refused by the crash, never by another booking.
    const start0 = mondayIn(3);
    const attempts: Attempt[] = Array.from({ length: 300 }, (_, i) => ({
      key: randomUUID(),
      guest: i % guests.length,
      body: {
        propertyId: properties[i % properties.length]?.id,
        checkIn: addDays(start0, 2 * Math.floor(i / properties.length)),
        checkOut: addDays(start0, 2 * Math.floor(i / properties.length) + 2),
        guestCount: 1,
        guestInfo: { firstName: "Crash", lastName: "Test", email: "guest@crash.test" },
      },
    }));

    const book = async (attempt: Attempt, baseUrl: string) => {
      const client = new HttpClient(baseUrl);
      client.cookie = guests[attempt.guest]?.client.cookie ?? null;
      const answer = await client.post("/api/bookings", attempt.body, { "idempotency-key": attempt.key });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      attempt.bookingId = answer.body.id as number;
      delete attempt.unanswered;
    };

    // Twelve guests book one after another; the instance dies once 60 bookings have been answered.
    let answered = 0;
    let killed = false;
    let next = 0;
    await Promise.all(
      guests.map(async () => {
        while (!killed && next < attempts.length) {
          const attempt = attempts[next++] as Attempt;
          attempt.unanswered = true;
          try {
            await book(attempt, first.baseUrl);
            answered += 1;
            if (answered === 60 && !killed) {
              killed = true;
              first.child.kill("SIGKILL");
            }
          } catch (error) {
            // The connection died with the instance: the guest does not know whether the booking was made.
            if (!killed) throw error;
          }
        }
      }),
    );
    await exited(first.child);
    const answeredBeforeTheCrash = attempts.filter((a) => a.bookingId !== undefined).map((a) => a.bookingId);
    expect(answeredBeforeTheCrash.length).toBeGreaterThanOrEqual(60);

    first = await start(env);
    // Guests without an answer try again with the same key: each gets the booking made for them, or a new one.
    const unanswered = attempts.filter((a) => a.unanswered);
    for (const attempt of unanswered) await book(attempt, first.baseUrl);

    const ids = attempts.filter((a) => a.bookingId !== undefined).map((a) => a.bookingId as number);
    const rows = await t.db.execute<{ id: number }>(sql`select id from bookings order by id`);
    // Exactly the bookings someone was told about: none lost, none twice (a retry replays, it does not rebook).
    expect(rows.rows.map((r) => r.id)).toEqual([...new Set(ids)].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of answeredBeforeTheCrash) expect(ids).toContain(id);

    // Letters the dead instance held are taken over once their lease lapses; the clock is moved past it here
    // rather than waited for (two minutes).
    await t.db.execute(sql`update outgoing_messages set lease_until = now() where status = 'sending'`);
    await expect
      .poll(
        async () =>
          (
            await t.db.execute<{ n: number }>(sql`
            select count(*)::int as n from outgoing_messages where status in ('pending', 'sending')`)
          ).rows[0]?.n,
        { timeout: 30_000 },
      )
      .toBe(0);

    const letters = await t.db.execute<{ subject: string; message_id: string; status: string; attempts: number }>(
      sql`select subject, message_id, status, attempts from outgoing_messages order by id`,
    );
    // One letter per booking, to its landlord, each sent.
    expect(letters.rows.map((l) => l.subject).sort()).toEqual(
      ids.map((id) => `New booking request ${bookingReference(id)}`).sort(),
    );
    expect(letters.rows.every((l) => l.status === "sent")).toBe(true);
    for (const letter of letters.rows) {
      const copies = smtp.mailbox.filter((mail) => mail.messageId?.startsWith(`<${letter.message_id}@`)).length;
      // A letter the dead instance was handing over at the very moment it died may reach the mail server a second
      // time, under the same Message-ID (mail systems drop the repeat); every other letter arrives exactly once.
      if (letter.attempts === 1) expect(copies, letter.subject).toBe(1);
      else expect(copies, letter.subject).toBeGreaterThanOrEqual(1);
    }
    // And nothing else arrived.
    const known = new Set(letters.rows.map((l) => l.message_id));
    for (const mail of smtp.mailbox) expect(known).toContain(/^<([^@]+)@/.exec(mail.messageId ?? "")?.[1]);

    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);
  }, 120_000);
});
