import { hash } from "@node-rs/argon2";
import { and, eq, like, not, sql } from "drizzle-orm";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles";
import type { Database } from "../../server/db/client";
import { auditLogs, sessions, users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { untilWaitingForLocks } from "../support/locks";
import { signedInUser, TEST_PASSWORD } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

type UserFields = Partial<typeof users.$inferInsert>;
type Listed = { id: number; role: Role; isFrozen: boolean; isApproved: boolean };

const signIn = (db: Database, baseUrl: string, role: Role, fields: UserFields = {}) =>
  signedInUser(db, baseUrl, { role, ...fields });

const ids = (body: unknown) => (body as Listed[]).map((u) => u.id);

async function userRow(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** The entries an admin's actions wrote about a user (refused sign-ins are System Logs' own business). */
const entriesAbout = (db: Database, userId: number) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.subjectUserId, userId), not(like(auditLogs.action, "auth.%"))))
    .orderBy(auditLogs.id);

const sessionCount = async (db: Database, userId: number) =>
  (await db.select({ sid: sessions.sid }).from(sessions).where(sql`(${sessions.sess}->>'userId')::int = ${userId}`))
    .length;

/** Holds the active admins' row locks in a transaction of its own, as a change in flight would. */
async function holdAdminLocks(db: Database) {
  const client: pg.PoolClient = await db.$client.connect();
  await client.query("begin");
  await client.query("select id from users where role = 'admin' and not is_frozen order by id for update");
  return {
    client,
    commit: async () => {
      await client.query("commit");
      client.release();
    },
  };
}

describe("who may use User Management", () => {
  const { t, server } = setUpTestApp();
  const calls = (id: number) =>
    [
      ["GET", "/api/admin/users", undefined],
      ["GET", `/api/admin/users/${id}/profile`, undefined],
      ["PUT", `/api/admin/users/${id}/role`, { role: "admin" }],
      ["POST", `/api/admin/users/${id}/freeze`, { reason: "Trying to freeze someone" }],
      ["POST", `/api/admin/users/${id}/unfreeze`, undefined],
    ] as const;

  it("refuses a signed-out visitor every call with 401, and changes nothing", async () => {
    const target = await createUser(t.db, { isFrozen: true });
    for (const [method, path, body] of calls(target.id)) {
      const response = await new HttpClient(server.baseUrl).request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
    expect(await userRow(t.db, target.id)).toMatchObject({ role: "guest", isFrozen: true });
  });

  it.each(["guest", "landlord", "property_manager", "contractor"] as const)(
    "refuses a %s every call with 403 naming the role, and changes nothing",
    async (role) => {
      const { client } = await signIn(t.db, server.baseUrl, role);
      const target = await createUser(t.db, { isFrozen: true });
      for (const [method, path, body] of calls(target.id)) {
        const response = await client.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toMatch(/^You don't have the required role.*Required: Administrator\./);
      }
      expect(await userRow(t.db, target.id)).toMatchObject({ role: "guest", isFrozen: true });
      expect(await entriesAbout(t.db, target.id)).toEqual([]);
    },
  );

  it("refuses a landlord's own role change to admin before reading the body", async () => {
    const { client, user } = await signIn(t.db, server.baseUrl, "landlord");
    expect((await client.request("PUT", `/api/admin/users/${user.id}/role`, { role: "admin" })).status).toBe(403);
    expect((await client.request("PUT", "/api/admin/users/not-a-number/role", { role: "nonsense" })).status).toBe(403);
    expect((await userRow(t.db, user.id)).role).toBe("landlord");
  });
});

describe("the user list: search, filters and pages on a fixed set of people", () => {
  const { t, server } = setUpTestApp();
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9));
  let admin: HttpClient;
  let adminId: number;
  let people: Record<"ada" | "grace" | "alan" | "katherine" | "wildcards" | "nameless", number>;

  const list = async (query = "") => {
    const response = await admin.get(`/api/admin/users${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { ids: ids(response.body), total: Number(response.headers.get("x-total-count")), body: response.body };
  };

  beforeAll(async () => {
    const signedIn = await signIn(t.db, server.baseUrl, "admin", {
      firstName: "Eleanor",
      lastName: "Whitfield",
      createdAt: day(20),
    });
    admin = signedIn.client;
    adminId = signedIn.user.id;
    const person = (fields: UserFields) => createUser(t.db, { emailVerified: true, ...fields }).then((u) => u.id);
    people = {
      ada: await person({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada.lovelace@people.test",
        createdAt: day(6),
      }),
      grace: await person({
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace.hopper@people.test",
        role: "landlord",
        isApproved: false,
        createdAt: day(5),
      }),
      alan: await person({
        firstName: "Alan",
        lastName: "Turing",
        email: "alan.turing@people.test",
        role: "landlord",
        isFrozen: true,
        frozenAt: day(7),
        createdAt: day(4),
      }),
      katherine: await person({
        firstName: "Katherine",
        lastName: "Johnson",
        email: "k.johnson@people.test",
        role: "property_manager",
        emailVerified: false,
        createdAt: day(3),
      }),
      wildcards: await person({
        firstName: "100% Real",
        lastName: null,
        email: "under_score@people.test",
        role: "contractor",
        createdAt: day(2),
      }),
      nameless: await person({
        firstName: null,
        lastName: null,
        email: "lonely.address@people.test",
        createdAt: day(1),
      }),
    };
  });

  it("lists everyone newest first, with the match count, and nothing secret", async () => {
    const { ids: listed, total, body } = await list();
    const p = people;
    expect(listed).toEqual([adminId, p.ada, p.grace, p.alan, p.katherine, p.wildcards, p.nameless]);
    expect(total).toBe(7);
    expect((body as unknown as Record<string, unknown>[])[1]).toEqual({
      id: p.ada,
      email: "ada.lovelace@people.test",
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: null,
      role: "guest",
      provider: "email",
      isApproved: true,
      emailVerified: true,
      phoneVerified: false,
      isFrozen: false,
      frozenAt: null,
      closedAt: null,
      createdAt: day(6).toISOString(),
      lastSeenAt: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|token|code|registrationIp/i);
  });

  it.each([
    ["ada", ["ada"]],
    ["LOVELACE", ["ada"]],
    ["ada love", ["ada"]],
    ["hopper@people", ["grace"]],
    ["people.test", ["ada", "grace", "alan", "katherine", "wildcards", "nameless"]],
    ["%", ["wildcards"]],
    ["_", ["wildcards"]],
    ["lonely", ["nameless"]],
    ["  turing  ", ["alan"]],
  ] as const)("finds %j in names and e-mail addresses", async (q, expected) => {
    const { ids: found, total } = await list(`?q=${encodeURIComponent(q)}`);
    expect(found).toEqual(expected.map((name) => people[name]));
    expect(total).toBe(expected.length);
  });

  it.each([
    ["role=landlord", ["grace", "alan"]],
    ["role=property_manager", ["katherine"]],
    ["role=contractor", ["wildcards"]],
    ["state=frozen", ["alan"]],
    ["state=awaiting_approval", ["grace"]],
    ["state=unverified", ["katherine"]],
    ["role=landlord&state=frozen", ["alan"]],
    ["role=guest&state=frozen", []],
    ["role=landlord&q=grace", ["grace"]],
  ] as const)("filters by %s", async (query, expected) => {
    const { ids: found, total } = await list(`?${query}`);
    expect(found).toEqual(expected.map((name) => people[name]));
    expect(total).toBe(expected.length);
  });

  it("filters by role admin", async () => {
    expect((await list("?role=admin")).ids).toEqual([adminId]);
  });

  it("pages on the server, keeping the count of every match", async () => {
    const p = people;
    expect(await list("?pageSize=3")).toMatchObject({ ids: [adminId, p.ada, p.grace], total: 7 });
    expect(await list("?pageSize=3&page=2")).toMatchObject({ ids: [p.alan, p.katherine, p.wildcards], total: 7 });
    expect(await list("?pageSize=3&page=3")).toMatchObject({ ids: [p.nameless], total: 7 });
    expect(await list("?page=1000")).toMatchObject({ ids: [], total: 7 });
  });

  it("treats SQL-looking and formula text as an ordinary search that matches nobody", async () => {
    for (const q of ["' or 1=1 --", "'; drop table users; --", '=HYPERLINK("http://x")', "\\"]) {
      expect(await list(`?q=${encodeURIComponent(q)}`), q).toMatchObject({ ids: [], total: 0 });
    }
    expect((await list()).total).toBe(7);
  });

  it.each([
    ["?page=0", /Page must be 1 or more/],
    ["?page=1e9", /Page must be at most 1000/],
    ["?page=-1", /Page must be 1 or more/],
    ["?page=abc", /Page must be a number/],
    ["?pageSize=1000", /Page size must be at most 100/],
    ["?pageSize=0", /Page size must be 1 or more/],
    ["?role=superuser", /Role must be one of: guest, landlord, property_manager, contractor, admin/],
    ["?role=Admin", /Role must be one of/],
    ["?state=banned", /State must be one of: frozen, awaiting_approval, unverified, closed/],
    ["?sort=email", /Unknown query parameter: sort/],
    [`?q=${"x".repeat(101)}`, /Search text must be at most 100 characters/],
    ["?q=ada%00", /NUL character/],
  ])("answers %s with a 400 that says what to fix", async (query, message) => {
    const response = await admin.get(`/api/admin/users${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });
});

describe("changing a role", () => {
  const { t, server } = setUpTestApp();

  it("makes a guest a landlord: the answer is the updated user, the choice is the approval, and it is recorded", async () => {
    const { client: admin, user: adminUser } = await signIn(t.db, server.baseUrl, "admin", {
      firstName: "Eleanor",
      lastName: "Whitfield",
    });
    const { client: ada, user } = await signIn(t.db, server.baseUrl, "guest", {
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect((await ada.get("/api/auth/user")).body).toMatchObject({ user: { role: "guest" } });

    const response = await admin.request("PUT", `/api/admin/users/${user.id}/role`, { role: "landlord" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, role: "landlord", isApproved: true, email: user.email });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|token/i);

    const row = await userRow(t.db, user.id);
    expect(row).toMatchObject({ role: "landlord", isApproved: true, approvedBy: adminUser.id });
    expect(row.approvedAt).toBeInstanceOf(Date);
    const [entry, ...others] = await entriesAbout(t.db, user.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: "info",
      action: "user.role_changed",
      message:
        "Changed Ada Lovelace's role from Guest/Tenant to Landlord/Owner; an administrator choosing this role approves them as a landlord",
      actorId: adminUser.id,
      actorLabel: `Eleanor Whitfield <${adminUser.email}>`,
      subjectUserId: user.id,
      subjectLabel: `Ada Lovelace <${user.email}>`,
      targetType: "user",
      targetId: String(user.id),
      details: { from: "guest", to: "landlord", approved: true },
    });
    expect(entry?.requestId).toMatch(/^[0-9a-f-]{36}$/);

    // The user's very next request carries the new role, without signing in again.
    expect((await ada.get("/api/auth/user")).body).toMatchObject({
      user: { role: "landlord", isApproved: true, permissions: expect.arrayContaining(["create:property:own"]) },
    });
  });

  it("settles a pending landlord application when an admin chooses another role, so they can sign in", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const applicant = await createUser(t.db, {
      role: "landlord",
      isApproved: false,
      emailVerified: true,
      passwordHash: await hash(TEST_PASSWORD),
    });
    const refused = await new HttpClient(server.baseUrl).post("/api/auth/login", {
      email: applicant.email,
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(403);
    const response = await admin.request("PUT", `/api/admin/users/${applicant.id}/role`, { role: "guest" });
    expect(response.body).toMatchObject({ role: "guest", isApproved: true });
    const login = await new HttpClient(server.baseUrl).post("/api/auth/login", {
      email: applicant.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    const [entry] = await entriesAbout(t.db, applicant.id);
    expect(entry?.message).toBe("Changed Test User's role from Landlord/Owner to Guest/Tenant");
  });

  it("takes an admin's powers away on their next request", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const { client: other, user } = await signIn(t.db, server.baseUrl, "admin");
    expect((await other.get("/api/admin/users")).status).toBe(200);
    expect((await admin.request("PUT", `/api/admin/users/${user.id}/role`, { role: "contractor" })).status).toBe(200);
    const refused = await other.get("/api/admin/users");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Your role: Contractor\/Service Provider$/);
  });

  it("answers the same role again with the user as they are, recording nothing", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const target = await createUser(t.db, { role: "contractor" });
    const response = await admin.request("PUT", `/api/admin/users/${target.id}/role`, { role: "contractor" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: target.id, role: "contractor" });
    expect(await entriesAbout(t.db, target.id)).toEqual([]);
    expect((await userRow(t.db, target.id)).updatedAt).toEqual(target.updatedAt);
  });

  it("refuses an admin's own role with 403", async () => {
    const { client: admin, user } = await signIn(t.db, server.baseUrl, "admin");
    const response = await admin.request("PUT", `/api/admin/users/${user.id}/role`, { role: "guest" });
    expect(response).toMatchObject({ status: 403, body: { message: "You cannot change your own role" } });
    expect((await userRow(t.db, user.id)).role).toBe("admin");
  });

  it.each([
    [{ role: "superuser" }, 400, /Role must be one of: guest, landlord, property_manager, contractor, admin/],
    [{ role: "ADMIN" }, 400, /Role must be one of/],
    [{ role: "" }, 400, /Role must be one of/],
    [{ role: null }, 400, /Role must be one of/],
    [{}, 400, /Role must be one of/],
    [{ role: "landlord", isApproved: false }, 400, /Unknown body field: isApproved/],
    [{ role: "guest\u0000" }, 400, /NUL character/],
  ])("refuses the body %j with a clear 400 and changes nothing", async (body, status, message) => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const target = await createUser(t.db, { role: "contractor" });
    const response = await admin.request("PUT", `/api/admin/users/${target.id}/role`, body);
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
    expect((await userRow(t.db, target.id)).role).toBe("contractor");
    expect(await entriesAbout(t.db, target.id)).toEqual([]);
  });

  it("answers 404 for an id nobody has and 400 for a malformed one", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const missing = await admin.request("PUT", "/api/admin/users/2000000000/role", { role: "guest" });
    expect(missing).toMatchObject({ status: 404, body: { message: "User not found" } });
    for (const bad of ["abc", "0", "-4", "1.5", "99999999999", "1%20or%201=1"]) {
      const response = await admin.request("PUT", `/api/admin/users/${bad}/role`, { role: "guest" });
      expect([400, 404], bad).toContain(response.status);
      expect(response.body.message, bad).toEqual(expect.any(String));
    }
  });
});

describe("the last active administrator", () => {
  const { t, server } = setUpTestApp();
  const activeAdmins = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.isFrozen, false)))
        .orderBy(users.id)
    ).map((r) => r.id);

  /** Exactly `count` new, signed-in admins: whoever was an admin before no longer is. */
  async function onlyNewAdmins(count: number) {
    await t.db.update(users).set({ role: "guest" }).where(eq(users.role, "admin"));
    return Promise.all(Array.from({ length: count }, () => signIn(t.db, server.baseUrl, "admin")));
  }

  it("two admins demoting each other at the same instant leave one admin: one 200, one 409", async () => {
    const [one, two] = await onlyNewAdmins(2);
    if (!one || !two) throw new Error("admins not signed in");
    // Both requests pass the gate as admins, then queue behind a change already in flight.
    const inFlight = await holdAdminLocks(t.db);
    const answers = Promise.all([
      one.client.request("PUT", `/api/admin/users/${two.user.id}/role`, { role: "guest" }),
      two.client.request("PUT", `/api/admin/users/${one.user.id}/role`, { role: "guest" }),
    ]);
    await untilWaitingForLocks(t.db, 2);
    await inFlight.commit();
    const settled = await answers;
    expect(settled.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(settled.find((a) => a.status === 409)?.body.message).toBe(
      "This is the last active administrator. Make someone else an administrator first.",
    );
    expect(await activeAdmins()).toHaveLength(1);
    const changes = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.role_changed"));
    expect(changes).toHaveLength(1);
  });

  it("never leaves the platform without an admin, however the requests interleave", async () => {
    for (let round = 0; round < 6; round++) {
      const [one, two] = await onlyNewAdmins(2);
      if (!one || !two) throw new Error("admins not signed in");
      const answers = await Promise.all([
        one.client.request("PUT", `/api/admin/users/${two.user.id}/role`, { role: "guest" }),
        two.client.request("PUT", `/api/admin/users/${one.user.id}/role`, { role: "guest" }),
      ]);
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      // The other was refused by the gate (already demoted) or by the last-admin rule: never a 500 or a deadlock.
      expect(
        statuses.every((s) => [200, 403, 409].includes(s)),
        `round ${round}: ${statuses}`,
      ).toBe(true);
      expect(await activeAdmins(), `round ${round}`).toHaveLength(1);
    }
  });

  it("refuses to freeze the last active admin, even when two admins freeze each other at once", async () => {
    const [one, two] = await onlyNewAdmins(2);
    if (!one || !two) throw new Error("admins not signed in");
    const inFlight = await holdAdminLocks(t.db);
    const answers = Promise.all([
      one.client.post(`/api/admin/users/${two.user.id}/freeze`, { reason: "Freezing each other" }),
      two.client.post(`/api/admin/users/${one.user.id}/freeze`, { reason: "Freezing each other" }),
    ]);
    await untilWaitingForLocks(t.db, 2);
    await inFlight.commit();
    const settled = await answers;
    expect(settled.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(settled.find((a) => a.status === 409)?.body.message).toBe(
      "This is the last active administrator. Freezing them would leave nobody to run the platform.",
    );
    expect(await activeAdmins()).toHaveLength(1);
  });

  it("refuses a change by an admin who was demoted while their request waited", async () => {
    const [steady, demotedSoon, target] = await onlyNewAdmins(3);
    if (!steady || !demotedSoon || !target) throw new Error("admins not signed in");
    const inFlight = await holdAdminLocks(t.db);
    const answer = demotedSoon.client.request("PUT", `/api/admin/users/${target.user.id}/role`, { role: "guest" });
    await untilWaitingForLocks(t.db, 1);
    // The change in flight demotes the admin whose request is waiting.
    await inFlight.client.query("update users set role = 'guest' where id = $1", [demotedSoon.user.id]);
    await inFlight.commit();
    expect(await answer).toMatchObject({
      status: 403,
      body: { message: "You are no longer an active administrator, so this change was not made." },
    });
    expect((await userRow(t.db, target.user.id)).role).toBe("admin");
    expect(await activeAdmins()).toEqual([steady.user.id, target.user.id].sort((a, b) => a - b));
  });
});

describe("freezing an account", () => {
  const { t, server } = setUpTestApp();
  const reason = "Chargebacks on three bookings";

  it("ends the user's sessions at once, refuses sign-in, and unfreezing lets them sign in again", async () => {
    const { client: admin, user: adminUser } = await signIn(t.db, server.baseUrl, "admin");
    const { client: guest, user } = await signIn(t.db, server.baseUrl, "guest", {
      firstName: "Ada",
      lastName: "Lovelace",
    });
    const secondDevice = await loginAs(server.baseUrl, user.email);
    const bystander = await signIn(t.db, server.baseUrl, "guest");
    expect(await sessionCount(t.db, user.id)).toBe(2);

    const frozen = await admin.post(`/api/admin/users/${user.id}/freeze`, { reason: `  ${reason}  ` });
    expect(frozen.status).toBe(200);
    expect(frozen.body).toMatchObject({ id: user.id, isFrozen: true, frozenAt: expect.any(String) });
    const row = await userRow(t.db, user.id);
    expect(row).toMatchObject({ isFrozen: true, frozenBy: adminUser.id, frozenReason: reason });
    expect(row.frozenAt).toBeInstanceOf(Date);
    expect(await sessionCount(t.db, user.id)).toBe(0);

    for (const device of [guest, secondDevice]) {
      expect((await device.get("/api/auth/user")).status).toBe(401);
      expect((await device.get("/api/bookings/my-bookings")).status).toBe(401);
    }
    // Nobody else is signed out.
    expect((await bystander.client.get("/api/auth/user")).status).toBe(200);
    const refused = await new HttpClient(server.baseUrl).post("/api/auth/login", {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "This account has been frozen. Please contact support." },
    });

    const unfrozen = await admin.post(`/api/admin/users/${user.id}/unfreeze`);
    expect(unfrozen.status).toBe(200);
    expect(unfrozen.body).toMatchObject({ id: user.id, isFrozen: false, frozenAt: null });
    expect(await userRow(t.db, user.id)).toMatchObject({ isFrozen: false, frozenBy: null, frozenReason: null });
    // Ended sessions stay ended; signing in works again.
    expect((await guest.get("/api/auth/user")).status).toBe(401);
    const again = await loginAs(server.baseUrl, user.email);
    expect((await again.get("/api/auth/user")).status).toBe(200);

    const entries = await entriesAbout(t.db, user.id);
    expect(entries.map((e) => [e.action, e.type, e.message])).toEqual([
      ["user.frozen", "warning", `Froze Ada Lovelace's account: ${reason}`],
      ["user.unfrozen", "success", "Unfroze Ada Lovelace's account"],
    ]);
    expect(entries[0]).toMatchObject({ actorId: adminUser.id, details: { reason, sessionsEnded: 2 } });
  });

  it("refuses to freeze yourself, a frozen account again, or to unfreeze one that is not frozen", async () => {
    const { client: admin, user: adminUser } = await signIn(t.db, server.baseUrl, "admin");
    const self = await admin.post(`/api/admin/users/${adminUser.id}/freeze`, { reason });
    expect(self).toMatchObject({ status: 403, body: { message: "You cannot freeze your own account" } });
    expect((await admin.get("/api/auth/user")).status).toBe(200);

    const target = await createUser(t.db, { isFrozen: true, frozenReason: "Earlier reason" });
    const twice = await admin.post(`/api/admin/users/${target.id}/freeze`, { reason });
    expect(twice).toMatchObject({ status: 409, body: { message: "This account is already frozen." } });
    expect((await userRow(t.db, target.id)).frozenReason).toBe("Earlier reason");

    const active = await createUser(t.db);
    const notFrozen = await admin.post(`/api/admin/users/${active.id}/unfreeze`);
    expect(notFrozen).toMatchObject({ status: 409, body: { message: "This account is not frozen." } });
    expect(await entriesAbout(t.db, target.id)).toEqual([]);
    expect(await entriesAbout(t.db, active.id)).toEqual([]);
  });

  it.each([
    [{}, /Please give a reason/],
    [{ reason: "  " }, /at least 3 characters/],
    [{ reason: "x".repeat(501) }, /at most 500 characters/],
    [{ reason: 42 }, /Please give a reason/],
    [{ reason: "Fraud\u0000" }, /NUL character/],
    [{ reason: "Fraud suspected", until: "2030-01-01" }, /Unknown body field: until/],
  ])("refuses the freeze body %j with a clear 400 and freezes nobody", async (body, message) => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const { client: target, user } = await signIn(t.db, server.baseUrl, "guest");
    const response = await admin.post(`/api/admin/users/${user.id}/freeze`, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect((await userRow(t.db, user.id)).isFrozen).toBe(false);
    expect((await target.get("/api/auth/user")).status).toBe(200);
  });

  it("answers 404 for ids nobody has", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    expect((await admin.post("/api/admin/users/2000000000/freeze", { reason })).status).toBe(404);
    expect((await admin.post("/api/admin/users/2000000000/unfreeze")).status).toBe(404);
  });
});

describe("the admin's view of a profile", () => {
  const { t, server } = setUpTestApp();

  it("counts the user's bookings as a guest and listings owned, and shows their latest audit entries", async () => {
    const { client: admin, user: adminUser } = await signIn(t.db, server.baseUrl, "admin");
    const host = await createUser(t.db, { role: "landlord", firstName: "Grace", lastName: "Hopper" });
    const own = await createProperty(t.db, { ownerId: host.id });
    await createProperty(t.db, { ownerId: host.id, isActive: false });
    const elsewhere = await createProperty(t.db);
    await createBooking(t.db, {
      propertyId: elsewhere.id,
      guestId: host.id,
      checkIn: "2026-05-01",
      checkOut: "2026-05-04",
      status: "cancelled",
    });
    await createBooking(t.db, {
      propertyId: elsewhere.id,
      guestId: host.id,
      checkIn: "2026-06-01",
      checkOut: "2026-06-04",
      status: "confirmed",
    });
    // A stay someone else booked at the host's listing is not the host's booking.
    await createBooking(t.db, { propertyId: own.id, checkIn: "2026-05-01", checkOut: "2026-05-03" });

    expect((await admin.post(`/api/admin/users/${host.id}/freeze`, { reason: "Identity check" })).status).toBe(200);
    expect((await admin.request("PUT", `/api/admin/users/${host.id}/role`, { role: "guest" })).status).toBe(200);

    const response = await admin.get(`/api/admin/users/${host.id}/profile`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.body).toMatchObject({
      id: host.id,
      role: "guest",
      isFrozen: true,
      frozenBy: adminUser.id,
      frozenReason: "Identity check",
      frozenAt: expect.any(String),
      lastSeenAt: null,
      counts: { bookings: 2, listings: 2 },
    });
    const activity = response.body.activity as { action: string; message: string; actor: { id: number } }[];
    expect(activity.map((a) => a.action)).toEqual(["user.role_changed", "user.frozen"]);
    expect(activity[1]).toMatchObject({
      message: "Froze Grace Hopper's account: Identity check",
      actor: { id: adminUser.id },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/passwordHash|argon2|Token|verificationCode/);
  });

  it("shows a user with nothing yet as zero bookings, zero listings and no activity", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const newcomer = await createUser(t.db);
    const response = await admin.get(`/api/admin/users/${newcomer.id}/profile`);
    expect(response.body).toMatchObject({ counts: { bookings: 0, listings: 0 }, activity: [], frozenBy: null });
  });

  it("answers 404 for an id nobody has", async () => {
    const { client: admin } = await signIn(t.db, server.baseUrl, "admin");
    const response = await admin.get("/api/admin/users/2000000000/profile");
    expect(response).toMatchObject({ status: 404, body: { message: "User not found" } });
  });
});

describe("a landlord approval is recorded", () => {
  const { t, server } = setUpTestApp();

  it("in the same transaction as the approval, naming the admin and the landlord", async () => {
    const { client: admin, user: adminUser } = await signIn(t.db, server.baseUrl, "admin", {
      firstName: "Eleanor",
      lastName: "Whitfield",
    });
    const applicant = await createUser(t.db, {
      role: "landlord",
      isApproved: false,
      emailVerified: true,
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect((await admin.post(`/api/admin/approve-landlord/${applicant.id}`)).status).toBe(200);
    expect((await admin.post(`/api/admin/approve-landlord/${applicant.id}`)).status).toBe(409);
    const entries = await entriesAbout(t.db, applicant.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: "success",
      action: "landlord.approved",
      message: "Approved Grace Hopper as a landlord",
      actorId: adminUser.id,
      actorLabel: `Eleanor Whitfield <${adminUser.email}>`,
      subjectLabel: `Grace Hopper <${applicant.email}>`,
      details: { requiresPhoneVerification: true },
    });
  });
});

/** Signs an existing user in on a new client (another device). */
async function loginAs(baseUrl: string, email: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const login = await client.post("/api/auth/login", { email, password: TEST_PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return client;
}
