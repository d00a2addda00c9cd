import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { ZAdminSupportTicketDetail, ZSupportTicket, ZSupportTicketDetail } from "../../common/schemas/support";
import { auditLogs, outboxMessages, supportTickets } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Support that reaches someone: the contact form opens a request (a visitor's too), the team answers it from the
 * admin area, the person follows it in their account, and every message reaches the other side by e-mail.
 */
const TEAM_INBOX = "team@support.test";
const { t, server } = setUpTestApp({ config: { SUPPORT_EMAIL: TEAM_INBOX } });

let admin: Awaited<ReturnType<typeof signedInUser>>;
let guest: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
let bookingId: number;

beforeAll(async () => {
  admin = await signedInUser(t.db, server.baseUrl, { role: "admin", firstName: "Ada", lastName: "Admin" });
  guest = await signedInUser(t.db, server.baseUrl, { firstName: "Gina", lastName: "Guest" });
  stranger = await signedInUser(t.db, server.baseUrl, { firstName: "Sam", lastName: "Stranger" });
  const property = await createProperty(t.db);
  bookingId = (
    await createBooking(t.db, {
      propertyId: property.id,
      guestId: guest.user.id,
      checkIn: addDays(londonToday(), 20),
      checkOut: addDays(londonToday(), 23),
      status: "confirmed",
    })
  ).id;
});

const QUESTION = "The front door code we were sent does not work. Could you check it?";

async function mailTo(address: string) {
  await server.app.outbox.settle();
  return t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, address))
    .orderBy(desc(outboxMessages.id));
}

describe("writing to support", () => {
  it("takes a visitor's request with a name and an address, acknowledges it and copies the team", async () => {
    const visitor = new HttpClient(server.baseUrl);
    const response = await visitor.post("/api/support/tickets", {
      topic: "account",
      message: "I cannot remember which address I registered with.",
      name: "Vera Visitor",
      email: "vera@visitor.test",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const reference = String(response.body.reference);
    expect(reference).toMatch(/^SUP-\d{6}$/);
    expect(response.body.message).toContain("vera@visitor.test");
    const [ack] = await mailTo("vera@visitor.test");
    expect(ack?.subject).toBe(`We have your message (${reference})`);
    expect(ack?.body).toContain("write to us again through the contact page");
    const [copy] = await mailTo(TEAM_INBOX);
    expect(copy?.subject).toBe(`Support request ${reference} from Vera Visitor`);
    expect(copy?.body).toContain("I cannot remember which address I registered with.");
  });

  it("asks a visitor for a name and an address, and to sign in to name a booking, writing nothing", async () => {
    const visitor = new HttpClient(server.baseUrl);
    const before = (await t.db.select().from(supportTickets)).length;
    const nameless = await visitor.post("/api/support/tickets", { topic: "other", message: QUESTION });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe("Please give your name and email address so that we can answer you.");
    const withBooking = await visitor.post("/api/support/tickets", {
      topic: "booking",
      message: QUESTION,
      name: "Vic",
      email: "vic@visitor.test",
      bookingId,
    });
    expect(withBooking.status).toBe(400);
    expect(withBooking.body.message).toBe("Please sign in to ask about a booking.");
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
  });

  it("takes a signed-in guest's request about their own booking, answered at the account's address", async () => {
    const response = await guest.client.post("/api/support/tickets", {
      topic: "booking",
      message: QUESTION,
      bookingId,
      // A signed-in person is answered at their account's address, whatever else is typed.
      email: "somewhere-else@else.test",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [row] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, Number(response.body.id)));
    expect(row).toMatchObject({ requesterId: guest.user.id, requesterEmail: guest.user.email, bookingId });
    const mine = await guest.client.get("/api/support/tickets");
    expect(mine.status).toBe(200);
    const list = ZSupportTicket.array().parse(mine.body);
    expect(list[0]).toMatchObject({ id: row?.id, status: "open", topic: "booking", preview: QUESTION });
  });

  it("refuses someone else's booking with the 404 of none, and an unverified address with a 403, writing nothing", async () => {
    const before = (await t.db.select().from(supportTickets)).length;
    const theirs = await stranger.client.post("/api/support/tickets", {
      topic: "booking",
      message: QUESTION,
      bookingId,
    });
    expect(theirs.status).toBe(404);
    const unverified = await signedInUser(t.db, server.baseUrl, { emailVerified: false });
    const refused = await unverified.client.post("/api/support/tickets", { topic: "other", message: QUESTION });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiresEmailVerification: true });
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
  });

  it.each([
    [{ topic: "gossip", message: QUESTION }, /Topic must be one of/],
    [{ topic: "other", message: "short" }, /Message must be at least 10 characters/],
    [{ topic: "other", message: "x".repeat(4001) }, /at most 4,000 characters/],
    [{ topic: "other", message: "<script>alert(1)</script> hello there" }, /plain text/],
    [{ topic: "other", message: QUESTION, bookingId: "1" }, /Booking must be a number/],
    [{ topic: "other", message: QUESTION, priority: "high" }, /Unknown body field/],
  ])("refuses %j with a 400", async (body, message) => {
    const response = await guest.client.post("/api/support/tickets", body);
    expect(response.status).toBe(400);
    expect(String(response.body.message)).toMatch(message);
  });
});

describe("the team answers, the person follows", () => {
  it("goes from open to answered to open to closed, each message reaching the other side", async () => {
    const created = await guest.client.post("/api/support/tickets", { topic: "payment", message: QUESTION });
    const id = Number(created.body.id);
    const reference = String(created.body.reference);

    const queue = await admin.client.get("/api/admin/support/tickets?status=open");
    expect(queue.status).toBe(200);
    expect((queue.body as unknown as { id: number }[]).map((r) => r.id)).toContain(id);

    const answer = "Sorry about that: the code changed yesterday. The new one is in your booking's messages.";
    const replied = await admin.client.post(`/api/admin/support/tickets/${id}/reply`, { body: answer });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    const detail = ZAdminSupportTicketDetail.parse(replied.body);
    expect(detail.status).toBe("answered");
    expect(detail.messages.map((m) => [m.fromTeam, m.authorName])).toEqual([
      [false, "Gina Guest"],
      [true, "Ada Admin"],
    ]);
    const [letter] = await mailTo(guest.user.email);
    expect(letter?.subject).toBe(`Our answer to your request ${reference}`);
    expect(letter?.body).toContain(answer);
    expect(letter?.body).toContain(`/support/${id}`);
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "support.answered"), eq(auditLogs.targetId, String(id))));
    expect(entry?.actorId).toBe(admin.user.id);

    // The person sees the team as one, and answers back: the request is open again, and the team gets a copy.
    const seen = ZSupportTicketDetail.parse((await guest.client.get(`/api/support/tickets/${id}`)).body);
    expect(seen.messages[1]).toMatchObject({ fromTeam: true, authorName: "StayLondon support", body: answer });
    const more = await guest.client.post(`/api/support/tickets/${id}/messages`, { body: "Thank you, that works now." });
    expect(ZSupportTicketDetail.parse(more.body).status).toBe("open");
    const [copy] = await mailTo(TEAM_INBOX);
    expect(copy?.body).toContain("Thank you, that works now.");

    const closed = await admin.client.post(`/api/admin/support/tickets/${id}/close`);
    expect(ZAdminSupportTicketDetail.parse(closed.body).status).toBe("closed");
    expect((await admin.client.post(`/api/admin/support/tickets/${id}/close`)).status).toBe(409);
    const reopened = await guest.client.post(`/api/support/tickets/${id}/messages`, { body: "One more thing, sorry!" });
    expect(ZSupportTicketDetail.parse(reopened.body).status).toBe("open");
  });

  it("shows a request only to the person who sent it: anyone else gets the 404 of none", async () => {
    const created = await guest.client.post("/api/support/tickets", { topic: "other", message: QUESTION });
    const id = Number(created.body.id);
    expect((await stranger.client.get(`/api/support/tickets/${id}`)).status).toBe(404);
    const theirs = await stranger.client.post(`/api/support/tickets/${id}/messages`, { body: "Let me in on this." });
    expect(theirs.status).toBe(404);
    expect((await stranger.client.get("/api/support/tickets")).body).toEqual([]);
    // Signed out: no requests to list at all.
    expect((await new HttpClient(server.baseUrl).get("/api/support/tickets")).status).toBe(401);
  });
});
