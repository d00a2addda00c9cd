import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TManagerThread, TManagerThreadSummary } from "../../common/schemas/property-management";
import { outboxMessages } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * The conversation between a property's manager and its owner: unread counts on both sides, reading marks read,
 * one e-mail per burst, nobody else gets in, and an ended assignment can be read but not written to.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

type Person = { client: HttpClient; id: number; email: string };
let owner: Person;
let manager: Person;
let propertyId: number;
let assignmentId: number;

const person = async (fields: Parameters<typeof signedInUser>[2]): Promise<Person> => {
  const { client, user } = await signedInUser(t.db, server.baseUrl, fields);
  return { client, id: user.id, email: user.email };
};
const threads = async (who: Person) =>
  (await who.client.get("/api/manager-threads")).body as unknown as TManagerThreadSummary[];
const threadIn = async (who: Person, id = assignmentId) => (await threads(who)).find((x) => x.assignmentId === id);
const post = (who: Person, body: unknown, id: number | string = assignmentId) =>
  who.client.post(`/api/manager-threads/${id}/messages`, body);
/** What reached `email`'s inbox (the dev outbox), once the outbox has sent everything written so far. */
const noticesTo = async (email: string) => {
  await server.app.outbox.settle();
  return t.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.channel, "email")));
};
const messageCount = async () =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from thread_messages m join message_threads t on t.id = m.thread_id where t.kind = 'owner_manager'`,
    )
  ).rows[0]?.n;

beforeAll(async () => {
  owner = await person({ role: "landlord", isApproved: true, firstName: "Olive", lastName: "Owner" });
  manager = await person({ role: "property_manager", firstName: "Max", lastName: "Manager" });
  const property = await createProperty(t.db, { ownerId: owner.id, title: "Canal View Loft" });
  propertyId = property.id;
  const put = await owner.client.request("PUT", `/api/properties/${propertyId}/manager`, { email: manager.email });
  expect(put.status).toBe(200);
  assignmentId = (put.body as { current: { id: number } }).current.id;
});

describe("the manager-owner thread", () => {
  it("starts empty on both sides, each naming the other", async () => {
    expect(await threadIn(owner)).toEqual({
      assignmentId,
      propertyId,
      propertyTitle: "Canal View Loft",
      otherParty: { name: "Max Manager", role: "manager" },
      isCurrent: true,
      lastMessage: null,
      unread: 0,
    });
    expect((await threadIn(manager))?.otherParty).toEqual({ name: "Olive Owner", role: "owner" });
  });

  it("counts unread messages both ways, marks them read on opening, and e-mails once per burst", async () => {
    const first = await post(owner, { body: "  Welcome aboard! The boiler service is due.  " });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      authorName: "Olive Owner",
      mine: true,
      body: "Welcome aboard! The boiler service is due.",
    });
    expect((await post(owner, { body: "Keys are with the concierge." })).status).toBe(201);

    expect((await threadIn(manager))?.unread).toBe(2);
    expect((await threadIn(manager))?.lastMessage).toMatchObject({ body: "Keys are with the concierge.", mine: false });
    expect((await threadIn(owner))?.unread).toBe(0);
    const toManager = await noticesTo(manager.email);
    expect(toManager).toHaveLength(1);
    expect(toManager[0]?.subject).toBe("New message about Canal View Loft");
    expect(toManager[0]?.body).toContain("Olive Owner wrote to you about Canal View Loft");
    expect(toManager[0]?.body).toContain("Welcome aboard!");

    const opened = await manager.client.get(`/api/manager-threads/${assignmentId}`);
    expect(opened.status).toBe(200);
    const thread = opened.body as unknown as TManagerThread;
    expect(thread.messages.map((m) => [m.body, m.mine, m.authorName])).toEqual([
      ["Welcome aboard! The boiler service is due.", false, "Olive Owner"],
      ["Keys are with the concierge.", false, "Olive Owner"],
    ]);
    expect(thread).toMatchObject({ assignmentId, isCurrent: true, otherParty: { role: "owner" } });
    expect((await threadIn(manager))?.unread).toBe(0);

    // The manager answers twice: the owner has two unread, and one e-mail.
    expect((await post(manager, { body: "Thanks, I will book it this week." })).status).toBe(201);
    expect((await post(manager, { body: "Booked for Thursday." })).status).toBe(201);
    expect((await threadIn(owner))?.unread).toBe(2);
    const toOwner = await noticesTo(owner.email);
    expect(toOwner).toHaveLength(1);
    // The owner's link opens the property's Manager section, where the conversation is.
    expect(toOwner[0]?.body).toContain(`/properties/${propertyId}/manage?section=manager`);

    // Once the owner has read them, the next message is e-mailed again.
    await owner.client.get(`/api/manager-threads/${assignmentId}`);
    expect((await threadIn(owner))?.unread).toBe(0);
    await post(manager, { body: "Done: the engineer has been." });
    expect(await noticesTo(owner.email)).toHaveLength(2);
    expect(await noticesTo(manager.email)).toHaveLength(1);
  });

  it("stays out of the guest conversations it is stored beside: inbox, unread badge and the host's figures", async () => {
    await post(manager, { body: "One more thing about the keys." });
    for (const who of [owner, manager]) {
      const inbox = await who.client.get("/api/messages/threads");
      expect(inbox.status).toBe(200);
      expect(inbox.body).toEqual([]);
      expect((await who.client.get("/api/messages/unread")).body).toEqual({ unread: 0, threads: 0 });
    }
    expect((await owner.client.get(`/api/properties/${propertyId}/host-response`)).body).toMatchObject({
      enquiries: 0,
    });
    // Nor does a guest-host conversation's address open it.
    const stored = await t.db.execute<{ id: number }>(
      sql`select id from message_threads where assignment_id = ${assignmentId}`,
    );
    const conversationId = stored.rows[0]?.id;
    expect(conversationId).toBeDefined();
    expect((await owner.client.get(`/api/messages/threads/${conversationId}`)).status).toBe(404);
  });

  it("is in both sides' data exports, word for word, and in nobody else's", async () => {
    const exported = async (who: Person) => {
      const response = await who.client.get("/api/account/export");
      expect(response.status).toBe(200);
      return JSON.stringify(response.body);
    };
    for (const side of [owner, manager]) expect(await exported(side)).toContain("One more thing about the keys.");
    const stranger = await person({ role: "property_manager" });
    expect(await exported(stranger)).not.toContain("One more thing about the keys.");
  });

  it("refuses bad messages and bad ids with 400 and a message, and stores nothing", async () => {
    const before = await messageCount();
    for (const body of [
      { body: "<script>alert(1)</script>" },
      { body: "Hello <img src=x onerror=alert(1)>" },
      { body: "x".repeat(3000) },
      { body: "   " },
      { body: 42 },
      {},
    ]) {
      const response = await post(owner, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
    for (const id of ["abc", "1.5", "-3", "0", "99999999999"]) {
      expect((await post(owner, { body: "Hello" }, id)).status, id).toBe(400);
      expect((await owner.client.get(`/api/manager-threads/${id}`)).status, id).toBe(400);
    }
    expect(await messageCount()).toBe(before);
  });

  it("answers 404 to a stranger (another landlord, another manager) and 403 to roles with no threads", async () => {
    const strangers = [
      await person({ role: "landlord", isApproved: true }),
      await person({ role: "property_manager" }),
    ];
    const before = await messageCount();
    for (const stranger of strangers) {
      expect((await stranger.client.get(`/api/manager-threads/${assignmentId}`)).status).toBe(404);
      const refused = await post(stranger, { body: "Let me in" });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe("Conversation not found");
      expect(await threads(stranger)).toEqual([]);
    }
    for (const role of ["guest", "contractor", "admin"] as const) {
      const other = await person({ role });
      expect((await other.client.get("/api/manager-threads")).status, role).toBe(403);
      expect((await other.client.get(`/api/manager-threads/${assignmentId}`)).status, role).toBe(403);
      expect((await post(other, { body: "Let me in" })).status, role).toBe(403);
    }
    expect((await strangers[0]?.client.get("/api/manager-threads/2147483647"))?.status).toBe(404);
    expect(await messageCount()).toBe(before);
  });

  it("keeps an ended assignment's thread readable to both but refuses new messages with 409", async () => {
    expect((await owner.client.request("DELETE", `/api/properties/${propertyId}/manager`)).status).toBe(200);
    const before = await messageCount();
    for (const side of [owner, manager]) {
      const refused = await post(side, { body: "Are you still there?" });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/assignment has ended/);
      const read = await side.client.get(`/api/manager-threads/${assignmentId}`);
      expect(read.status).toBe(200);
      expect((read.body as unknown as TManagerThread).isCurrent).toBe(false);
      expect((await threadIn(side))?.isCurrent).toBe(false);
    }
    expect(await messageCount()).toBe(before);

    // The next manager has a thread of their own and cannot read the earlier one.
    const next = await person({ role: "property_manager" });
    const put = await owner.client.request("PUT", `/api/properties/${propertyId}/manager`, { email: next.email });
    const nextAssignment = (put.body as { current: { id: number } }).current.id;
    expect((await next.client.get(`/api/manager-threads/${assignmentId}`)).status).toBe(404);
    expect((await threads(next)).map((x) => x.assignmentId)).toEqual([nextAssignment]);
    // The owner sees both, the current one first.
    expect((await threads(owner)).map((x) => [x.assignmentId, x.isCurrent])).toEqual([
      [nextAssignment, true],
      [assignmentId, false],
    ]);
  });
});
