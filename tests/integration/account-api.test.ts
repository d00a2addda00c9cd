import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZAccountSession } from "../../common/schemas/account";
import { auditLogs, sessions, users } from "../../server/db/schema";
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
