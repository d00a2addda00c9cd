import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ZAccountClosureStatus } from "../../common/schemas/account";
import {
  auditLogs,
  bookings,
  messageThreads,
  outgoingMessages,
  payments,
  reviews,
  savedProperties,
  threadMessages,
  users,
} from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser, TEST_PASSWORD } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * "Close my account" and "Download my data" from the side of the law: what closing erases, what it keeps (and that
 * the kept money still adds up), when it is refused, and both asked for twice at once.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const CLOSE = { currentPassword: TEST_PASSWORD, confirm: true };
const PAST = { checkIn: "2025-02-10", checkOut: "2025-02-14" };
const FUTURE = { checkIn: "2099-05-01", checkOut: "2099-05-05" };

/** Every place in the database where `needle` appears in a text or JSON column: "table.column". */
async function whereItAppears(needle: string): Promise<string[]> {
  const columns = await t.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')
     order by table_name, column_name`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hits = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
           where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0
             and ${
               // The dev outbox stands in for the person's own mailbox: the confirmation they were sent is theirs.
               table_name === "outbox_messages"
                 ? sql`subject is distinct from 'Your StayLondon account is closed'`
                 : sql`true`
             }`,
    );
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe("closing an account", () => {
  it("erases every trace of the person's name, address and number, keeps the money records adding up, and signs them out", async () => {
    const tag = randomUUID().slice(0, 8);
    const first = `Zephyrine${tag}`;
    const last = `Quillbrook${tag}`;
    const phone = `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
    const { client, user } = await signedInUser(t.db, server.baseUrl, {
      firstName: first,
      lastName: last,
      phoneNumber: phone,
      location: "Hackney",
      registrationIp: "203.0.113.9",
    });
    const host = await createUser(t.db, { role: "landlord", firstName: "Harriet", lastName: "Host" });
    const home = await createProperty(t.db, { ownerId: host.id, title: `Erasure test loft ${tag}` });
    const stay = await createBooking(t.db, {
      propertyId: home.id,
      guestId: user.id,
      ...PAST,
      status: "completed",
      totalPrice: "812.50",
      guestFirstName: first,
      guestLastName: last,
      guestEmail: user.email,
      guestPhone: phone,
    });
    await t.db.insert(payments).values({ bookingId: stay.id, amount: "812.50", status: "succeeded" });
    await t.db.insert(reviews).values({
      propertyId: home.id,
      guestId: user.id,
      bookingId: stay.id,
      rating: 5,
      comment: "Spotless, quiet and close to the canal.",
    });
    await t.db.insert(savedProperties).values({ userId: user.id, propertyId: home.id });
    const [thread] = await t.db
      .insert(messageThreads)
      .values({ propertyId: home.id, guestId: user.id, bookingId: stay.id })
      .returning();
    if (!thread) throw new Error("no thread");
    await t.db.insert(threadMessages).values({
      threadId: thread.id,
      authorId: user.id,
      authorSide: "guest",
      body: `Hello, it's ${first} ${last}; call me on ${phone}.`,
    });
    expect((await client.post("/api/support/tickets", { topic: "other", message: "A question" })).status).toBe(201);
    // A failed sign-in and a reset request under the address, and a choice of reminders.
    await new HttpClient(server.baseUrl).post("/api/auth/login", { email: user.email, password: "wrong password" });
    await new HttpClient(server.baseUrl).post("/api/auth/forgot-password", { email: user.email });
    expect(
      (await client.request("PUT", "/api/account/email-preferences", { reminders: true, marketing: false })).status,
    ).toBe(200);
    await server.app.outbox.settle();
    const totalBefore = await propertyTotal(home.id);

    const wrong = await client.post("/api/account/close", { currentPassword: "not it", confirm: true });
    expect(wrong.status).toBe(400);
    const unconfirmed = await client.post("/api/account/close", { currentPassword: TEST_PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.closedAt).toBeNull();

    const status = await client.get("/api/account/closure");
    expect(ZAccountClosureStatus.parse(status.body)).toEqual({ canClose: true, reasons: [] });
    const closed = await client.post("/api/account/close", CLOSE);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toBe("Your account is closed. We have sent a confirmation to your email address.");
    await server.app.outbox.settle();

    for (const needle of [user.email, first, last, phone, "203.0.113.9"]) {
      expect(await whereItAppears(needle), needle).toEqual([]);
    }
    // Signed out everywhere, and nobody can sign in as them again (this attempt is, of course, recorded anew).
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const again = await new HttpClient(server.baseUrl).post("/api/auth/login", {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(401);

    // The booking and its payment stay, without the name, and the home's takings still add up.
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, stay.id));
    expect(kept).toMatchObject({ guestId: user.id, totalPrice: "812.50", guestFirstName: null, guestEmail: null });
    expect(await propertyTotal(home.id)).toBe(totalBefore);
    const [paid] = await t.db.select().from(payments).where(eq(payments.bookingId, stay.id));
    expect(paid?.amount).toBe("812.50");
    const [review] = await t.db.select().from(reviews).where(eq(reviews.bookingId, stay.id));
    expect(review?.rating).toBe(5);
    expect(await t.db.select().from(savedProperties).where(eq(savedProperties.userId, user.id))).toEqual([]);
    const [message] = await t.db.select().from(threadMessages).where(eq(threadMessages.threadId, thread.id));
    expect(message?.body).toBe("This message was removed when its author closed their account.");

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: "Former",
      lastName: "member",
      passwordHash: null,
      phoneNumber: null,
      reminderEmails: false,
    });
    expect(row?.closedAt).toBeInstanceOf(Date);

    // The last letter reached the old address; our copy of it kept no address or words once sent.
    const letters = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.subject, "Your StayLondon account is closed"));
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ status: "sent", recipient: "erased", body: "", html: null });
    const mailbox = await t.db.execute<{ recipient: string }>(
      sql`select recipient from outbox_messages where subject = 'Your StayLondon account is closed'`,
    );
    expect(mailbox.rows.map((r) => r.recipient)).toContain(user.email);

    const logged = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "account.closed"));
    expect(logged.map((entry) => entry.subjectUserId)).toContain(user.id);

    // User Management shows the account as closed, under its placeholder.
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const listed = await admin.client.get("/api/admin/users?state=closed");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: user.id, firstName: "Former", closedAt: expect.any(String) }),
    ]);
    const role = await admin.client.request("PUT", `/api/admin/users/${user.id}/role`, { role: "landlord" });
    expect(role.status).toBe(409);
    expect(role.body.message).toBe("This account was closed by its owner and cannot be changed.");
  });

  it("is refused, with every reason, while a stay is booked, a payment or refund is on its way, or guests are booked at the person's homes", async () => {
    const guest = await signedInUser(t.db, server.baseUrl);
    const home = await createProperty(t.db, {});
    await createBooking(t.db, { propertyId: home.id, guestId: guest.user.id, ...FUTURE, status: "confirmed" });
    const settled = await createBooking(t.db, { propertyId: home.id, guestId: guest.user.id, ...PAST });
    await t.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, settled.id));
    await t.db.insert(payments).values({ bookingId: settled.id, amount: "300.00", status: "pending" });
    const cancelled = await createBooking(t.db, {
      propertyId: home.id,
      guestId: guest.user.id,
      checkIn: "2099-06-01",
      checkOut: "2099-06-03",
      status: "cancelled",
      refundAmount: "150.00",
    });
    await t.db.insert(payments).values({ bookingId: cancelled.id, amount: "300.00", status: "succeeded" });

    const status = ZAccountClosureStatus.parse((await guest.client.get("/api/account/closure")).body);
    expect(status.canClose).toBe(false);
    expect(status.reasons).toEqual([
      "You have a stay that is booked or under way. You can close your account once it has ended or been cancelled.",
      "A payment of yours is still being processed.",
      "A refund is still on its way to you.",
    ]);
    const refused = await guest.client.post("/api/account/close", CLOSE);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("You have a stay that is booked or under way.");
    const [row] = await t.db.select().from(users).where(eq(users.id, guest.user.id));
    expect(row).toMatchObject({ email: guest.user.email, closedAt: null });
    expect((await guest.client.get("/api/auth/user")).status).toBe(200);

    const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord" });
    const theirs = await createProperty(t.db, { ownerId: landlord.user.id });
    await createBooking(t.db, { propertyId: theirs.id, ...FUTURE, status: "pending" });
    const hosting = ZAccountClosureStatus.parse((await landlord.client.get("/api/account/closure")).body);
    expect(hosting.reasons).toEqual([
      "A guest has a stay booked at one of your homes. You can close your account once those stays have ended or been cancelled.",
    ]);
    expect((await landlord.client.post("/api/account/close", CLOSE)).status).toBe(409);

    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const adminStatus = ZAccountClosureStatus.parse((await admin.client.get("/api/account/closure")).body);
    expect(adminStatus.canClose).toBe(false);
    expect((await admin.client.post("/api/account/close", CLOSE)).status).toBe(409);
  });

  it("closes once when asked twice at once from two devices: one answer says closed, the other is a 4xx", async () => {
    const phone = await signedInUser(t.db, server.baseUrl);
    const laptop = new HttpClient(server.baseUrl);
    expect((await laptop.post("/api/auth/login", { email: phone.user.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const answers = await Promise.all([
      phone.client.post("/api/account/close", CLOSE),
      laptop.post("/api/account/close", CLOSE),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    // The second either waited for the first and found the account closed, or arrived after its session had gone.
    expect([401, 409]).toContain(statuses[1]);
    await server.app.outbox.settle();
    const logged = await t.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'account.closed' and ${auditLogs.subjectUserId} = ${phone.user.id}`);
    expect(logged).toHaveLength(1);
  });

  it("refuses someone signed out", async () => {
    const anyone = new HttpClient(server.baseUrl);
    expect((await anyone.post("/api/account/close", CLOSE)).status).toBe(401);
    expect((await anyone.get("/api/account/closure")).status).toBe(401);
  });
});

describe("Download my data, asked for twice at once", () => {
  it("tells the second request that the first is being prepared, and works again once it is done", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    // Hold the export's own lock from outside, as a first export still being made would.
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock(24001, $1)", [user.id]);
      const busy = await client.get("/api/account/export");
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe("Your data is already being prepared. Please wait for that download to finish.");
      await other.query("select pg_advisory_unlock(24001, $1)", [user.id]);
      const done = await client.get("/api/account/export");
      expect(done.status).toBe(200);
      expect(done.body.account).toMatchObject({ id: user.id });
    } finally {
      await other.end();
    }
  });
});

async function propertyTotal(propertyId: number): Promise<string> {
  const result = await t.db.execute<{ total: string }>(
    sql`select coalesce(sum(total_price), 0)::text as total from bookings where property_id = ${propertyId}`,
  );
  return result.rows[0]?.total ?? "0";
}
