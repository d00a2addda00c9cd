import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TEnquiryStarted, THostResponse, TThread, TThreadSummary } from "../../common/schemas/messages";
import { messageThreads, threadMessages } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Messages between a guest and a listing's host side: only the parties (the guest, the listing's owner, its manager
 * while assigned) read or write; contact details are hidden across sides until the guest has a confirmed booking;
 * unread counts; one e-mail in the outbox per unread burst; the host's response figures come from real threads;
 * bad input is a 4xx that stores nothing.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

type Person = { client: HttpClient; id: number; email: string };
const person = async (fields: Parameters<typeof signedInUser>[2] = {}): Promise<Person> => {
  const { client, user } = await signedInUser(t.db, server.baseUrl, fields);
  return { client, id: user.id, email: user.email };
};

let guest: Person;
let owner: Person;
let manager: Person;
let propertyId: number;
let propertyTitle: string;
let threadId: number;

const ask = (who: Person, body: unknown, property: number = propertyId) =>
  who.client.post("/api/messages/enquiries", typeof body === "string" ? { propertyId: property, body } : body);
const post = (who: Person, body: unknown, id: number | string = threadId) =>
  who.client.post(`/api/messages/threads/${id}/messages`, body);
const open = async (who: Person, id = threadId) => {
  const response = await who.client.get(`/api/messages/threads/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as TThread;
};
const inbox = async (who: Person) =>
  (await who.client.get("/api/messages/threads")).body as unknown as TThreadSummary[];
const unread = async (who: Person) => (await who.client.get("/api/messages/unread")).body as { unread: number };
const count = async (table: "thread_messages" | "message_threads" | "outgoing_messages") =>
  (await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0;
/** Notices written to the outbox for `email` (the durable outbox, as written with the message). */
const noticesTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from outgoing_messages where recipient = ${email} and channel = 'email' order by id`,
    )
  ).rows;

beforeAll(async () => {
  guest = await person({ role: "guest", firstName: "Gina", lastName: "Guest" });
  owner = await person({ role: "landlord", isApproved: true, firstName: "Olive", lastName: "Owner" });
  manager = await person({ role: "property_manager", firstName: "Max", lastName: "Manager" });
  const property = await createProperty(t.db, { ownerId: owner.id, title: "Canal View Loft" });
  propertyId = property.id;
  propertyTitle = property.title;
  const put = await owner.client.request("PUT", `/api/properties/${propertyId}/manager`, { email: manager.email });
  expect(put.status).toBe(200);
});

describe("an enquiry from the listing", () => {
  it("starts the guest's enquiry, which the owner and the manager see as unread, and e-mails each once", async () => {
    const first = await ask(guest, "  Is the flat quiet at night?  ");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const started = first.body as unknown as TEnquiryStarted;
    threadId = started.threadId;
    expect(started.message).toMatchObject({
      body: "Is the flat quiet at night?",
      mine: true,
      authorSide: "guest",
      authorName: "Gina G.",
    });
    // A second question goes to the same enquiry: one per listing and guest.
    const second = await ask(guest, "And is there a lift?");
    expect((second.body as unknown as TEnquiryStarted).threadId).toBe(threadId);

    expect(await unread(owner)).toEqual({ unread: 2, threads: 1 });
    expect(await unread(manager)).toEqual({ unread: 2, threads: 1 });
    expect(await unread(guest)).toEqual({ unread: 0, threads: 0 });
    const [summary] = await inbox(owner);
    expect(summary).toMatchObject({
      id: threadId,
      viewerSide: "host",
      property: { id: propertyId, title: propertyTitle },
      otherParty: { name: "Gina G.", role: "guest" },
      booking: null,
      lastMessage: { body: "And is there a lift?", mine: false },
      unread: 2,
    });
    expect((await inbox(guest))[0]).toMatchObject({
      viewerSide: "guest",
      otherParty: { name: "Olive O.", role: "host" },
    });

    // One notice each for the burst of two, in the durable outbox, naming the guest but never their address.
    for (const email of [owner.email, manager.email]) {
      const notices = await noticesTo(email);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.subject).toBe(`New message about ${propertyTitle}`);
      expect(notices[0]?.body).toContain("Gina G. (guest) wrote to you about Canal View Loft");
      expect(notices[0]?.body).toContain("Is the flat quiet at night?");
      expect(notices[0]?.body).toContain(`/messages/${threadId}`);
      expect(notices[0]?.body).not.toContain(guest.email);
    }
    expect(await noticesTo(guest.email)).toHaveLength(0);
  });

  it("marks read on opening, and the manager's answer reaches the guest once per burst", async () => {
    const thread = await open(manager);
    expect(thread.messages.map((m) => [m.body, m.mine, m.authorSide])).toEqual([
      ["Is the flat quiet at night?", false, "guest"],
      ["And is there a lift?", false, "guest"],
    ]);
    expect(await unread(manager)).toEqual({ unread: 0, threads: 0 });
    // The owner has not opened it: still unread for them.
    expect((await unread(owner)).unread).toBe(2);

    expect((await post(manager, { body: "Very quiet: it faces the courtyard." })).status).toBe(201);
    expect((await post(manager, { body: "Yes, a lift to every floor." })).status).toBe(201);
    expect(await unread(guest)).toEqual({ unread: 2, threads: 1 });
    const toGuest = await noticesTo(guest.email);
    expect(toGuest).toHaveLength(1);
    expect(toGuest[0]?.body).toContain("Max M. (property manager) wrote to you about Canal View Loft");
    // The owner had two unread already: no new notice for them.
    expect(await noticesTo(owner.email)).toHaveLength(1);

    const seen = await open(guest);
    expect(seen.messages.at(-1)).toMatchObject({
      body: "Yes, a lift to every floor.",
      authorSide: "manager",
      mine: false,
    });
    expect(await unread(guest)).toEqual({ unread: 0, threads: 0 });
    // Read, then written to again: a new burst, a new notice.
    await post(manager, { body: "Anything else?" });
    expect(await noticesTo(guest.email)).toHaveLength(2);
  });

  it("refuses the owner and the manager asking about their own listing, and an unpublished listing", async () => {
    const before = await count("message_threads");
    const own = await ask(owner, "Testing my own listing");
    expect(own.status).toBe(409);
    expect(own.body.message).toMatch(/your own listing/);
    expect((await ask(manager, "Testing the listing I manage")).status).toBe(409);
    const hidden = await createProperty(t.db, { isActive: false });
    const closed = await ask(guest, "Hello?", hidden.id);
    expect(closed.status).toBe(404);
    expect((await ask(guest, "Hello?", 2_000_000_000)).status).toBe(404);
    expect(await count("message_threads")).toBe(before);
  });
});

describe("who may read and write a conversation", () => {
  it("answers 404 to everyone but its parties, admins included, and changes nothing", async () => {
    const strangers = [
      await person({ role: "guest" }),
      await person({ role: "landlord", isApproved: true }),
      await person({ role: "property_manager" }),
      await person({ role: "contractor" }),
      await person({ role: "admin" }),
    ];
    const messagesBefore = await count("thread_messages");
    const noticesBefore = await count("outgoing_messages");
    for (const stranger of strangers) {
      const read = await stranger.client.get(`/api/messages/threads/${threadId}`);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe("Conversation not found");
      expect((await post(stranger, { body: "Let me in" })).status).toBe(404);
      expect(await inbox(stranger)).toEqual([]);
      expect(await unread(stranger)).toEqual({ unread: 0, threads: 0 });
    }
    expect((await strangers[0]?.client.get("/api/messages/threads/2147483647"))?.status).toBe(404);
    expect(await count("thread_messages")).toBe(messagesBefore);
    expect(await count("outgoing_messages")).toBe(noticesBefore);
    const signedOut = await fetch(`${server.baseUrl}/api/messages/threads/${threadId}`);
    expect(signedOut.status).toBe(401);
  });

  it("shuts a manager out the moment the assignment ends, and lets the next one in", async () => {
    expect((await owner.client.request("DELETE", `/api/properties/${propertyId}/manager`)).status).toBe(200);
    expect((await manager.client.get(`/api/messages/threads/${threadId}`)).status).toBe(404);
    expect((await post(manager, { body: "Still here?" })).status).toBe(404);
    expect(await inbox(manager)).toEqual([]);
    const next = await person({ role: "property_manager", firstName: "Nina" });
    await owner.client.request("PUT", `/api/properties/${propertyId}/manager`, { email: next.email });
    expect((await open(next)).viewerSide).toBe("manager");
    // Put the first manager back for the tests that follow.
    await owner.client.request("PUT", `/api/properties/${propertyId}/manager`, { email: manager.email });
    expect((await open(manager)).viewerSide).toBe("manager");
  });

  it("opens a booking's own conversation for its parties only, once", async () => {
    const booking = await createBooking(t.db, {
      propertyId,
      guestId: guest.id,
      checkIn: addDays(londonToday(), 40),
      checkOut: addDays(londonToday(), 43),
      status: "pending",
    });
    const started = await guest.client.post(`/api/messages/bookings/${booking.id}/thread`);
    expect(started.status).toBe(201);
    const bookingThreadId = (started.body as { threadId: number }).threadId;
    expect(bookingThreadId).not.toBe(threadId);
    const again = await owner.client.post(`/api/messages/bookings/${booking.id}/thread`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ threadId: bookingThreadId });
    expect((await manager.client.post(`/api/messages/bookings/${booking.id}/thread`)).status).toBe(200);
    const thread = await open(owner, bookingThreadId);
    expect(thread.booking).toMatchObject({ id: booking.id, status: "pending" });
    const stranger = await person({ role: "admin" });
    const refused = await stranger.client.post(`/api/messages/bookings/${booking.id}/thread`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("Booking not found");
  });
});

describe("contact details", () => {
  const details = "Text me on 07700 900123 or +44 20 7946 0958, mail gina@example.com, see www.example.com/flat";

  it("are hidden from the other side until the guest has a confirmed booking, then shown", async () => {
    const other = await createProperty(t.db, { ownerId: owner.id, title: "Mews House" });
    const started = (await ask(guest, { propertyId: other.id, body: details })).body as unknown as TEnquiryStarted;
    // The writer sees their own words.
    expect(started.message).toMatchObject({ body: details, masked: false });
    const hostView = await open(owner, started.threadId);
    expect(hostView.detailsShared).toBe(false);
    const [message] = hostView.messages;
    expect(message?.masked).toBe(true);
    for (const hidden of ["07700", "7946", "gina@example.com", "example.com"])
      expect(message?.body).not.toContain(hidden);
    expect(message?.body).toContain("[phone number hidden]");
    expect(message?.body).toContain("[e-mail hidden]");
    expect(message?.body).toContain("[link hidden]");
    // The inbox preview and the e-mail are hidden too.
    expect((await inbox(owner)).find((x) => x.id === started.threadId)?.lastMessage?.body).not.toContain("07700");
    const notice = (await noticesTo(owner.email)).at(-1);
    expect(notice?.body).toContain("[phone number hidden]");
    expect(notice?.body).not.toContain("07700 900123");
    // The host's answer is hidden from the guest the same way.
    await post(owner, { body: "Call me on 020 7123 4567" }, started.threadId);
    expect((await open(guest, started.threadId)).messages.at(-1)?.body).toBe("Call me on [phone number hidden]");

    // A pending booking changes nothing; a confirmed one shows everything, earlier messages included.
    const stay = await createBooking(t.db, {
      propertyId: other.id,
      guestId: guest.id,
      checkIn: addDays(londonToday(), 60),
      checkOut: addDays(londonToday(), 62),
      status: "pending",
    });
    expect((await open(owner, started.threadId)).messages[0]?.masked).toBe(true);
    await t.db.execute(sql`update bookings set status = 'confirmed', confirmed_at = now() where id = ${stay.id}`);
    const shared = await open(owner, started.threadId);
    expect(shared.detailsShared).toBe(true);
    expect(shared.messages[0]).toMatchObject({ body: details, masked: false });
    expect((await open(guest, started.threadId)).messages.at(-1)?.body).toBe("Call me on 020 7123 4567");
  });
});

describe("bad input", () => {
  it("is refused with a 4xx and a message, and nothing is stored", async () => {
    const messagesBefore = await count("thread_messages");
    const threadsBefore = await count("message_threads");
    const noticesBefore = await count("outgoing_messages");
    for (const body of [
      { body: "x".repeat(4001) },
      { body: "   \n  " },
      { body: "" },
      { body: "Hello\u0000there" },
      { body: "<script>alert(1)</script>" },
      { body: 42 },
      {},
    ]) {
      const label = JSON.stringify(body).slice(0, 40);
      const written = await post(guest, body);
      expect(written.status, label).toBe(400);
      expect(typeof written.body.message, label).toBe("string");
      const asked = await ask(guest, { ...body, propertyId });
      expect(asked.status, label).toBe(400);
    }
    const tooLong = await post(guest, { body: "x".repeat(4001) });
    expect(tooLong.body.message).toMatch(/Message must be at most 4,000 characters/);
    const nul = await post(guest, { body: "a\u0000b" });
    expect(nul.body.message).toMatch(/NUL character/);
    for (const id of ["abc", "1.5", "-3", "0", "99999999999"]) {
      expect((await post(guest, { body: "Hello" }, id)).status, id).toBe(400);
      expect((await guest.client.get(`/api/messages/threads/${id}`)).status, id).toBe(400);
    }
    expect((await ask(guest, { propertyId: "abc", body: "Hello" })).status).toBe(400);
    expect((await guest.client.get("/api/messages/threads?pageSize=1000")).status).toBe(400);
    expect(await count("thread_messages")).toBe(messagesBefore);
    expect(await count("message_threads")).toBe(threadsBefore);
    expect(await count("outgoing_messages")).toBe(noticesBefore);
    // Exactly 4,000 characters after trimming is accepted.
    expect((await post(guest, { body: ` ${"y".repeat(4000)} ` })).status).toBe(201);
  });

  it("asks for a verified e-mail before a first question", async () => {
    const unverified = await person({ role: "guest", emailVerified: false });
    const refused = await ask(unverified, "Hello?");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Please verify your email address first.");
  });
});

describe("the host's response figures", () => {
  /** An enquiry started `hoursAgo`, answered by the host `answerAfterMinutes` later (or never). */
  async function seedEnquiry(listing: number, ownerId: number, hoursAgo: number, answerAfterMinutes: number | null) {
    const asker = await createUser(t.db);
    const [thread] = await t.db
      .insert(messageThreads)
      .values({ propertyId: listing, guestId: asker.id })
      .returning({ id: messageThreads.id });
    if (!thread) throw new Error("thread not made");
    const askedAt = new Date(Date.now() - hoursAgo * 3_600_000);
    await t.db
      .insert(threadMessages)
      .values({ threadId: thread.id, authorId: asker.id, authorSide: "guest", body: "Question", createdAt: askedAt });
    if (answerAfterMinutes !== null) {
      await t.db.insert(threadMessages).values({
        threadId: thread.id,
        authorId: ownerId,
        authorSide: "host",
        body: "Answer",
        createdAt: new Date(askedAt.getTime() + answerAfterMinutes * 60_000),
      });
    }
  }
  const figures = async (ref: number | string) => {
    const response = await fetch(`${server.baseUrl}/api/properties/${ref}/host-response`);
    return { status: response.status, body: (await response.json()) as THostResponse };
  };

  it("says nothing below three enquiries, then the share answered within a day and the median first reply", async () => {
    const host = await createUser(t.db, { role: "landlord", isApproved: true });
    const listing = await createProperty(t.db, { ownerId: host.id });
    await seedEnquiry(listing.id, host.id, 48, 30);
    await seedEnquiry(listing.id, host.id, 72, 90);
    // Too recent to judge (still has its day), and too old (before the 90 days): neither counts.
    await seedEnquiry(listing.id, host.id, 3, null);
    await seedEnquiry(listing.id, host.id, 24 * 100, 10);
    expect((await figures(listing.id)).body).toEqual({ enquiries: 2, responseRate: null, medianResponseMinutes: null });

    await seedEnquiry(listing.id, host.id, 96, 60 * 30); // answered, but after 30 hours
    await seedEnquiry(listing.id, host.id, 120, null); // never answered
    const { status, body } = await figures(listing.slug);
    expect(status).toBe(200);
    // 2 of 4 within a day; first replies of 30, 90 and 1,800 minutes: the median is 90.
    expect(body).toEqual({ enquiries: 4, responseRate: 50, medianResponseMinutes: 90 });
  });

  it("is a 404 for a listing that is not published, and a 400 for a bad reference", async () => {
    const hidden = await createProperty(t.db, { isActive: false });
    expect((await figures(hidden.id)).status).toBe(404);
    expect((await figures("bad ref!")).status).toBe(400);
  });
});

describe("the limit on sending", () => {
  const limited = setUpTestApp({ withoutChangeFeed: true, config: { RATE_LIMIT_FACTOR: 0.05 } });

  it("refuses messages past the hourly limit with a 429 that says when to try again, storing nothing", async () => {
    const { client, user } = await signedInUser(limited.t.db, limited.server.baseUrl);
    const listing = await createProperty(limited.t.db);
    const max = Math.round(60 * 0.05);
    let answer = { status: 0, body: {} as Record<string, unknown> };
    for (let i = 0; i <= max; i++)
      answer = await client.post("/api/messages/enquiries", { propertyId: listing.id, body: `Question ${i}` });
    expect(answer.status).toBe(429);
    expect(answer.body.message).toMatch(/^Too many messages\. Try again in \d+ (minutes?|seconds?)\.$/);
    const stored = await limited.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from thread_messages where author_id = ${user.id}`,
    );
    expect(stored.rows[0]?.n).toBe(max);
  });
});
