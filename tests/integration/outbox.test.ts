import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import type { TAuditLogEntry } from "../../common/schemas/audit-logs";
import { loadConfig } from "../../server/config/env";
import { outgoingMessages } from "../../server/db/schema";
import {
  claimOutgoingMessages,
  finishAttempt,
  finishSentAttempts,
} from "../../server/repositories/outgoing-messages.repository";
import { retryDelaySeconds } from "../../server/services/messaging/outbox";
import { createProperty, createUser } from "../factories";
import { startTestServer, type TestServer } from "../support/app";
import { signedInUser } from "../support/signed-in";
import { startSmtpServer } from "../support/smtp-server";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * The durable outbox against a real SMTP server: messages commit with the change that causes them, retries back
 * off, give up into System Logs, survive an instance dying mid-send, and go out once with two instances sending.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** Recipients the mail server turns away, with the reply it gives, and how many more times it will. */
const refusals = new Map<string, { code: number; text: string; times: number }>();
const extraServers: TestServer[] = [];

const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  config: async () => {
    smtp = await startSmtpServer({
      refuse: (to) => {
        const refusal = refusals.get(to);
        if (!refusal || refusal.times <= 0) return undefined;
        refusal.times -= 1;
        return refusal;
      },
    });
    return { SMTP_URL: smtp.url, MAIL_FROM: "StayLondon <hello@staylondon.example>", devOutbox: false };
  },
  afterStop: async () => smtp.close(),
});

afterAll(async () => {
  for (const extra of extraServers) await extra.close();
});

beforeEach(() => {
  refusals.clear();
  smtp.state.delayMs = 0;
});

let counter = 0;
const address = (name: string) => `${name}-${++counter}@outbox.test`;
const letter = (to: string, subject = "A letter from the outbox tests") => ({
  email: { to, subject, text: "Hello", html: "<p>Hello</p>" },
});
const rowTo = async (to: string) => {
  const [row] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.recipient, to));
  if (!row) throw new Error(`no outbox row for ${to}`);
  return row;
};
const mailTo = (to: string) => smtp.mailbox.filter((mail) => mail.to.includes(to));
/** The clock moves on: a message waiting for its next attempt is due now. */
const timePasses = () =>
  t.db.execute(sql`update outgoing_messages set next_attempt_at = now() where status = 'pending'`);

describe("writing messages", () => {
  it("a message written in a transaction that rolls back is never stored nor sent", async () => {
    const to = address("rolled-back");
    await expect(
      t.db.transaction(async (tx) => {
        await server.app.outbox.add(tx, [letter(to)]);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await server.app.outbox.settle();
    expect(await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.recipient, to))).toEqual([]);
    expect(mailTo(to)).toEqual([]);
  });

  it("a booking request and the landlord's letter commit together; a refused booking writes none", async () => {
    const landlord = await createUser(t.db, { role: "landlord", isApproved: true, email: address("landlord") });
    const property = await createProperty(t.db, { ownerId: landlord.id });
    const { client: guest } = await signedInUser(t.db, server.baseUrl, { role: "guest" });
    const checkIn = mondayIn(6);
    const body = {
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guestCount: 1,
      guestInfo: { firstName: "Gail", lastName: "Guest", email: "gail@outbox.test" },
    };
    expect((await guest.post("/api/bookings", body)).status).toBe(201);
    const { client: rival } = await signedInUser(t.db, server.baseUrl, { role: "guest" });
    expect((await rival.post("/api/bookings", body)).status).toBe(409);

    await server.app.outbox.settle();
    const rows = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.recipient, landlord.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", attempts: 1, subject: expect.stringMatching(/request/i) });
    const mails = mailTo(landlord.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.messageId).toBe(`<${rows[0]?.messageId}@staylondon.example>`);
  });
});

describe("delivery", () => {
  it("a mail server that says 'try later' gets the message again after a backoff, and it arrives once", async () => {
    const to = address("later");
    refusals.set(to, { code: 421, text: "Service busy, try again later", times: 1 });
    await server.app.outbox.add(t.db, [letter(to)]);
    await server.app.outbox.settle();

    const waiting = await rowTo(to);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toMatch(/try again later/);
    const delay = (waiting.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(36);
    // Not due yet: nothing is sent before its time.
    await server.app.outbox.settle();
    expect(mailTo(to)).toEqual([]);

    await timePasses();
    await server.app.outbox.settle();
    expect(await rowTo(to)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(mailTo(to)).toHaveLength(1);
  });

  it("waits longer after each failure, up to an hour, never all at the same second", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 8, 12].map((attempts) => retryDelaySeconds(attempts, middle))).toEqual([
      30, 60, 120, 240, 3600, 3600,
    ]);
    expect(retryDelaySeconds(1, () => 0)).toBe(24);
    expect(retryDelaySeconds(1, () => 0.999)).toBe(36);
  });

  it("gives up after the last attempt and shows the failure to admins in System Logs", async () => {
    const to = address("never");
    refusals.set(to, { code: 451, text: "Local problem, try again later", times: 100 });
    await server.app.outbox.add(t.db, [letter(to, "Your stay is confirmed")]);
    const maxAttempts = loadConfig({}).OUTBOX_MAX_ATTEMPTS;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await server.app.outbox.settle();
      await timePasses();
    }
    const dead = await rowTo(to);
    expect(dead).toMatchObject({ status: "dead", attempts: maxAttempts });
    expect(mailTo(to)).toEqual([]);

    const { client: admin } = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const logs = await admin.get("/api/admin/system-logs?type=error&pageSize=100");
    expect(logs.status).toBe(200);
    const entries = (logs.body as unknown as TAuditLogEntry[]).filter((entry) => entry.target?.id === dead.messageId);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.message).toBe('An e-mail could not be sent: "Your stay is confirmed" to n***@outbox.test');
  });

  it("a refused mailbox (5xx) is given up at once, without retries", async () => {
    const to = address("refused");
    refusals.set(to, { code: 550, text: "5.1.1 Recipient address rejected", times: 100 });
    await server.app.outbox.add(t.db, [letter(to)]);
    await server.app.outbox.settle();
    const row = await rowTo(to);
    expect(row).toMatchObject({ status: "dead", attempts: 1 });
    expect(row.lastError).toMatch(/Recipient address rejected/);
    // The address in the provider's reply is masked before it is stored.
    expect(row.lastError).not.toContain(to);
  });

  it("a text whose code expired before it could be sent is dropped, not sent late", async () => {
    await server.app.outbox.add(t.db, [
      { sms: { to: "+447400555009", body: "Your code is 123456", template: "phone code" }, expiresAt: new Date(0) },
    ]);
    await server.app.outbox.settle();
    expect(await rowTo("+447400555009")).toMatchObject({
      status: "dead",
      attempts: 1,
      lastError: "It expired before it could be sent",
    });
  });
});

describe("several instances", () => {
  it("takes over a message whose instance died mid-send once its lease lapses", async () => {
    const to = address("orphan");
    const [id] = await server.app.outbox.add(t.db, [letter(to)], { sendNow: true });
    // An instance claimed it and died: the row says sending, with a lease already over.
    await t.db.execute(
      sql`update outgoing_messages set status = 'sending', attempts = 1, lease_until = now() - interval '1 second'
           where id = ${id}`,
    );
    await server.app.outbox.settle();
    expect(await rowTo(to)).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailTo(to)).toHaveLength(1);
  });

  it("a worker that outlived its lease cannot overwrite the outcome of the instance that took over", async () => {
    // This instance's own worker stays out of the way: the test plays both instances by hand.
    await server.app.outbox.stop();
    onTestFinished(() => server.app.outbox.start());
    const to = address("stale");
    const [id] = await server.app.outbox.add(t.db, [letter(to)], { sendNow: true });
    if (id === undefined) throw new Error("not written");
    const [first] = await claimOutgoingMessages(t.db, { ids: [id], limit: 1, leaseSeconds: 0 });
    if (!first) throw new Error("not claimed");
    const [second] = await claimOutgoingMessages(t.db, { limit: 100, leaseSeconds: 60 });
    expect(second?.attempts).toBe(2);
    expect(await finishAttempt(t.db, first, { dead: true, error: "late" })).toBe(false);
    if (!second) throw new Error("not taken over");
    // Sent marks written together answer for each attempt: the stale one's is not taken, the new owner's is.
    expect(await finishSentAttempts(t.db, [first, second])).toEqual([false, true]);
    expect(await rowTo(to)).toMatchObject({ status: "sent", lastError: null });
  });

  it("two instances sending side by side deliver each of 300 messages exactly once", async () => {
    const other = await startTestServer(
      t.db,
      t.url,
      { SMTP_URL: smtp.url, MAIL_FROM: "StayLondon <other@staylondon.example>", devOutbox: false },
      { withoutChangeFeed: true },
    );
    extraServers.push(other);
    smtp.state.delayMs = 3;
    const recipients = Array.from({ length: 300 }, () => address("fleet"));
    await server.app.outbox.add(
      t.db,
      recipients.map((to) => letter(to)),
    );
    await Promise.all([server.app.outbox.settle(), other.app.outbox.settle()]);

    const received = smtp.mailbox.filter((mail) => mail.to[0]?.startsWith("fleet-"));
    expect(received).toHaveLength(300);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(300);
    expect(new Set(received.map((mail) => mail.to[0]))).toEqual(new Set(recipients));
    // Both took part: each instance signs with its own sender.
    const senders = new Set(received.map((mail) => /^From: .*<(.+)>/im.exec(mail.raw)?.[1]));
    expect(senders).toEqual(new Set(["hello@staylondon.example", "other@staylondon.example"]));
    const statuses = await t.db.execute<{ status: string; attempts: number; n: number }>(
      sql`select status, attempts, count(*)::int as n from outgoing_messages
           where recipient like 'fleet-%' group by status, attempts`,
    );
    expect(statuses.rows).toEqual([{ status: "sent", attempts: 1, n: 300 }]);
  });

  it("a commit wakes every instance's worker at once, without waiting for its poll", async () => {
    const listening = await startTestServer(t.db, t.url, {
      SMTP_URL: smtp.url,
      devOutbox: false,
      OUTBOX_POLL_MS: 60_000,
    });
    extraServers.push(listening);
    // Wait for the first look at the outbox (at start) to pass; from now on only a notification wakes it.
    await listening.app.outbox.settle();
    const to = address("woken");
    // Written by another connection, as another instance would: only the database's notification tells this one.
    await t.db.transaction(async (tx) => {
      await listening.app.outbox.add(tx, [letter(to)]);
    });
    await expect.poll(() => mailTo(to).length, { timeout: 5_000 }).toBe(1);
  });

  it("a shutdown finishes the message in hand before the instance stops", async () => {
    const stopping = await startTestServer(
      t.db,
      t.url,
      { SMTP_URL: smtp.url, devOutbox: false, OUTBOX_POLL_MS: 50 },
      { withoutChangeFeed: true },
    );
    // Only this instance sends, so the message in hand is its own.
    for (const running of [server, ...extraServers]) await running.app.outbox.stop();
    onTestFinished(() => server.app.outbox.start());
    smtp.state.delayMs = 400;
    const to = address("in-hand");
    await stopping.app.outbox.add(t.db, [letter(to)]);
    await expect.poll(async () => (await rowTo(to)).status, { timeout: 5_000, interval: 20 }).toBe("sending");
    await stopping.close();
    expect(await rowTo(to)).toMatchObject({ status: "sent", attempts: 1 });
    expect(mailTo(to)).toHaveLength(1);
  });
});
