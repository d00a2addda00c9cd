import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZAccountSession } from "../../common/schemas/account";
import { auditLogs, savedProperties, sessions, users } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser, TEST_PASSWORD } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/** Profile's account routes: a person changes their name and password and sees and ends their own sessions. */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const NEW_PASSWORD = "Primrose-hill-at-dawn-77";

/** A second device signed in to the same account. */
async function anotherDevice(email: string, userAgent: string, password = TEST_PASSWORD) {
  const device = new HttpClient(server.baseUrl);
  const login = await device.request("POST", "/api/auth/login", { email, password }, { "user-agent": userAgent });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return device;
}

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const sessionCount = async (userId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where (sess->>'userId')::int = ${userId}`,
    )
  ).rows[0]?.n;

describe("PATCH /api/account/profile", () => {
  it("saves the name, trimmed, and refuses a blank one, or anything else in the body, without changing it", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { firstName: "Old", lastName: "Name" });
    const saved = await client.request("PATCH", "/api/account/profile", { firstName: "  Ada ", lastName: "Lovelace" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const me = await client.get("/api/auth/user");
    expect(me.body.user).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });

    for (const body of [
      { firstName: "", lastName: "X" },
      { firstName: "Ada" },
      { firstName: "A", lastName: "B", role: "admin" },
    ]) {
      const refused = await client.request("PATCH", "/api/account/profile", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof refused.body.message).toBe("string");
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect([row?.firstName, row?.lastName, row?.role]).toEqual(["Ada", "Lovelace", "guest"]);
  });
});

describe("POST /api/account/password", () => {
  it("needs the current password, then signs every other device out, keeps this one, and tells the account", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const other = await anotherDevice(user.email, FIREFOX_MAC);
    expect(await sessionCount(user.id)).toBe(2);

    const wrong = await client.post("/api/account/password", { currentPassword: "not it", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is not right. Please try again.");
    const missing = await client.post("/api/account/password", { newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    const weak = await client.post("/api/account/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: user.email,
    });
    expect(weak.status).toBe(400);
    expect(await sessionCount(user.id)).toBe(2);

    const changed = await client.post("/api/account/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe("Your password has been changed. One other device was signed out.");
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(401);

    // The old password no longer signs in; the new one does.
    const old = await new HttpClient(server.baseUrl).post("/api/auth/login", {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(old.status).toBe(401);
    await anotherDevice(user.email, FIREFOX_MAC, NEW_PASSWORD);

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.password_changed"));
    expect(audit.filter((a) => a.subjectUserId === user.id)).toHaveLength(1);
    const letters = await t.db.execute<{ subject: string }>(
      sql`select subject from outgoing_messages where recipient = ${user.email}`,
    );
    expect(letters.rows.map((r) => r.subject)).toContain("Your StayLondon password was changed");
  });

  it("lets an account that signs in only with Google add a password without a current one", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    await t.db.update(users).set({ passwordHash: null, provider: "google" }).where(eq(users.id, user.id));
    const added = await client.post("/api/account/password", { newPassword: NEW_PASSWORD });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe("Your password has been added.");
    await anotherDevice(user.email, FIREFOX_MAC, NEW_PASSWORD);
  });

  it("refuses someone signed out", async () => {
    const response = await new HttpClient(server.baseUrl).post("/api/account/password", { newPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });
});

describe("the account's sessions", () => {
  it("lists where the account is signed in, this device first, and signs one device or all the others out", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const laptop = await anotherDevice(user.email, FIREFOX_MAC);
    const phone = await anotherDevice(user.email, SAFARI_IPHONE);

    const listed = await client.get("/api/account/sessions");
    expect(listed.status).toBe(200);
    const list = ZAccountSession.array().parse(listed.body);
    expect(list).toHaveLength(3);
    expect(list[0]?.current).toBe(true);
    expect(
      list
        .slice(1)
        .map((s) => s.device)
        .sort(),
    ).toEqual(["Firefox on Mac", "Safari on iPhone"]);
    expect(list.every((s) => /^[0-9a-f]{16}$/.test(s.id))).toBe(true);

    // This device is signed out with Log out, not from the list.
    const own = await client.request("DELETE", `/api/account/sessions/${list[0]?.id}`);
    expect(own.status).toBe(400);

    const laptopSession = list.find((s) => s.device === "Firefox on Mac");
    const ended = await client.request("DELETE", `/api/account/sessions/${laptopSession?.id}`);
    expect(ended.status).toBe(204);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(200);

    const others = await client.post("/api/account/sessions/sign-out-others");
    expect(others.body).toEqual({ ended: 1, message: "Signed out of one other device." });
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    const again = await client.post("/api/account/sessions/sign-out-others");
    expect(again.body).toEqual({ ended: 0, message: "You were not signed in anywhere else." });
  });

  it("answers someone else's session as one that does not exist, and ends nothing", async () => {
    const owner = await signedInUser(t.db, server.baseUrl);
    const stranger = await signedInUser(t.db, server.baseUrl);
    const [theirs] = ZAccountSession.array().parse((await owner.client.get("/api/account/sessions")).body);
    const before = await t.db.select({ sid: sessions.sid }).from(sessions);

    const refused = await stranger.client.request("DELETE", `/api/account/sessions/${theirs?.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("Session not found");
    for (const id of ["0000000000000000", "not-a-session", "ABCDEF0123456789"]) {
      const response = await stranger.client.request("DELETE", `/api/account/sessions/${id}`);
      expect([400, 404], id).toContain(response.status);
    }
    expect(await t.db.select({ sid: sessions.sid }).from(sessions)).toEqual(before);
    expect((await owner.client.get("/api/auth/user")).status).toBe(200);
  });
});

describe("GET /api/account/export", () => {
  it("hands the person a file of their own records, with no secret and nobody else's", async () => {
    const me = await signedInUser(t.db, server.baseUrl, {
      firstName: "Ivy",
      lastName: "Exporter",
      phoneNumber: "+447700900123",
    });
    const them = await signedInUser(t.db, server.baseUrl, { firstName: "Quentin", lastName: "Stranger" });
    const property = await createProperty(t.db, { title: "Canal-side loft" });
    const mine = await createBooking(t.db, {
      propertyId: property.id,
      guestId: me.user.id,
      checkIn: "2027-03-01",
      checkOut: "2027-03-04",
      guestEmail: me.user.email,
    });
    const theirs = await createBooking(t.db, {
      propertyId: property.id,
      guestId: them.user.id,
      checkIn: "2027-04-01",
      checkOut: "2027-04-04",
      guestEmail: them.user.email,
    });
    await t.db.insert(savedProperties).values({ userId: me.user.id, propertyId: property.id });
    const asked = await me.client.post("/api/support/tickets", {
      topic: "other",
      message: "Where is my invoice, please?",
    });
    expect(asked.status).toBe(201);

    const response = await fetch(`${server.baseUrl}/api/account/export`, {
      headers: { cookie: me.client.cookie ?? "" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="staylondon-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: me.user.id, email: me.user.email, first_name: "Ivy" });
    expect(data.bookings.map((b: { id: number }) => b.id)).toEqual([mine.id]);
    expect(data.savedProperties).toEqual([expect.objectContaining({ property: "Canal-side loft" })]);
    expect(data.supportRequests[0].messages[0]).toMatchObject({ from: "you", body: "Where is my invoice, please?" });
    expect(data.signInAttempts.length).toBeGreaterThan(0);
    expect(data.signedInSessions).toHaveLength(1);

    // Nobody else's records, and no secret of the person's own.
    expect(text).not.toContain(them.user.email);
    expect(text).not.toContain("Quentin");
    expect(text).not.toContain(`"id":${theirs.id},"property"`);
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(text).not.toContain(String(row?.passwordHash));
    expect(text).not.toMatch(/password_hash|verification_code|token/);

    const logged = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "account.data_exported"));
    expect(logged.map((entry) => entry.subjectUserId)).toContain(me.user.id);
  });

  it("refuses someone signed out", async () => {
    expect((await fetch(`${server.baseUrl}/api/account/export`)).status).toBe(401);
  });
});

describe("changing the e-mail address", () => {
  /** The token in the newest e-mail to `to` whose link leads to `path`. */
  async function linkTokenTo(to: string, path: string): Promise<string> {
    const result = await t.db.execute<{ body: string }>(
      sql`select body from outgoing_messages where recipient = ${to} order by id desc limit 1`,
    );
    const match = result.rows[0]?.body.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`));
    if (!match?.[1]) throw new Error(`no ${path} link sent to ${to}`);
    return match[1];
  }
  const anyone = () => new HttpClient(server.baseUrl);

  it("moves the account once the new address confirms, and the old address can take it back within 7 days", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const laptop = await anotherDevice(user.email, FIREFOX_MAC);
    const newEmail = `moved-${user.id}@account.test`;

    const asked = await client.post("/api/account/email", { newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.message).toContain(newEmail);
    // Nothing changes before the link is opened.
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.email).toBe(user.email);

    const confirmToken = await linkTokenTo(newEmail, "/confirm-email");
    const confirmed = await anyone().post("/api/account/email/confirm", { token: confirmToken });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ email: newEmail });
    expect((await client.get("/api/auth/user")).body.user).toMatchObject({ email: newEmail, emailVerified: true });
    // The link works once.
    expect((await anyone().post("/api/account/email/confirm", { token: confirmToken })).status).toBe(400);

    // The old address is told, with a way back that signs every device out.
    const undoToken = await linkTokenTo(user.email, "/undo-email-change");
    const undone = await anyone().post("/api/account/email/undo", { token: undoToken });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.email).toBe(user.email);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await anyone().post("/api/account/email/undo", { token: undoToken })).status).toBe(400);

    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.subjectUserId, user.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["auth.email_changed", "auth.email_change_undone"]),
    );
  });

  it("refuses an address another account uses, a wrong password or the same address, changing nothing", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const other = await signedInUser(t.db, server.baseUrl);
    const cases: [Record<string, unknown>, number][] = [
      [{ newEmail: other.user.email.toUpperCase(), currentPassword: TEST_PASSWORD }, 409],
      [{ newEmail: `fresh-${user.id}@account.test`, currentPassword: "wrong" }, 400],
      [{ newEmail: `fresh-${user.id}@account.test` }, 400],
      [{ newEmail: user.email, currentPassword: TEST_PASSWORD }, 400],
      [{ newEmail: "not an address", currentPassword: TEST_PASSWORD }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await client.post("/api/account/email", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(typeof response.body.message).toBe("string");
    }
    const pending = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_changes where user_id = ${user.id}`,
    );
    expect(pending.rows[0]?.n).toBe(0);
  });

  it("lets only the newest link confirm, and refuses one whose address was taken meanwhile", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const first = `first-${user.id}@account.test`;
    const second = `second-${user.id}@account.test`;
    await client.post("/api/account/email", { newEmail: first, currentPassword: TEST_PASSWORD });
    const firstToken = await linkTokenTo(first, "/confirm-email");
    await client.post("/api/account/email", { newEmail: second, currentPassword: TEST_PASSWORD });
    const secondToken = await linkTokenTo(second, "/confirm-email");
    expect((await anyone().post("/api/account/email/confirm", { token: firstToken })).status).toBe(400);

    // Someone registers the address before the link is opened.
    await signedInUser(t.db, server.baseUrl, { email: second });
    const refused = await anyone().post("/api/account/email/confirm", { token: secondToken });
    expect(refused.status).toBe(409);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.email).toBe(user.email);
  });

  it("refuses links of the wrong shape or that were never sent", async () => {
    for (const token of ["", "x".repeat(43), "a".repeat(200), "../../etc/passwd"]) {
      for (const path of ["/api/account/email/confirm", "/api/account/email/undo"]) {
        const response = await anyone().post(path, { token });
        expect(response.status, `${path} ${token}`).toBe(400);
      }
    }
  });
});
