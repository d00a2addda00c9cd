import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { allow, gateFolder, requireVerified } from "../../server/access/gates";
import { users } from "../../server/db/schema";
import { createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { passwordSignIn } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * The route gates of the access module on the real app with its real sessions, through probe routes added to it;
 * the routes that use them are swept in their own files (landlord-access, admin-access).
 */
const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  beforeListen: (app) => {
    app.get("/api/probe/landlord", { onRequest: allow("update", "property") }, async () => ({ ok: true }));
    app.get("/api/probe/verified", { onRequest: requireVerified({ email: true, phone: true }) }, async () => ({
      ok: true,
    }));
    app.register(
      async (folder) => {
        gateFolder(folder, { scope: "any" });
        folder.get("/users", { config: { access: ["read", "user"] } }, async () => ({ ok: true }));
      },
      { prefix: "/api/probe/admin" },
    );
  },
});
let passwordHash: string;
const PASSWORD = "correct horse battery staple";
let counter = 0;

beforeAll(async () => {
  passwordHash = await hash(PASSWORD);
});

async function as(fields: Partial<typeof users.$inferInsert>) {
  const user = await createUser(t.db, {
    email: `guard-${++counter}@guards.test`,
    passwordHash,
    emailVerified: true,
    ...fields,
  });
  const c = new HttpClient(server.baseUrl);
  const login = await passwordSignIn(t.db, c, user, PASSWORD);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return c;
}

describe("landlord feature gate (spec 2 §6)", () => {
  it("lets an approved landlord with a verified phone in", async () => {
    const c = await as({ role: "landlord", isApproved: true, phoneVerified: true });
    expect((await c.get("/api/probe/landlord")).status).toBe(200);
  });

  it("sends an approved landlord without a verified phone to phone verification", async () => {
    const c = await as({ role: "landlord", isApproved: true, phoneVerified: false });
    const response = await c.get("/api/probe/landlord");
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      message: "Phone Verification Required",
      requiresPhoneVerification: true,
      verifyAt: "/phone-verification",
    });
  });

  it("refuses a landlord whose approval was withdrawn after signing in", async () => {
    const c = await as({ role: "landlord", isApproved: true, phoneVerified: true });
    const me = await c.get("/api/auth/user");
    await t.db
      .update(users)
      .set({ isApproved: false })
      .where(eq(users.id, (me.body.user as { id: number }).id));
    const response = await c.get("/api/probe/landlord");
    expect(response).toMatchObject({
      status: 403,
      body: { message: "Account Approval Pending", requiresApproval: true },
    });
  });

  it.each(["guest", "property_manager", "contractor"] as const)("refuses a %s with the role text", async (role) => {
    const c = await as({ role, phoneVerified: true });
    const response = await c.get("/api/probe/landlord");
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(
      /^You don't have the required role to access this area\. Required: Landlord\/Owner\. Your role: /,
    );
  });

  it("refuses a signed-out visitor", async () => {
    expect((await new HttpClient(server.baseUrl).get("/api/probe/landlord")).status).toBe(401);
  });
});

describe("feature access by verification", () => {
  it("names the missing verification and where to do it", async () => {
    const noEmail = await as({ emailVerified: false, phoneVerified: true });
    expect((await noEmail.get("/api/probe/verified")).body).toMatchObject({
      requiresEmailVerification: true,
      verifyAt: "/verification-status",
    });
    const noPhone = await as({ phoneVerified: false });
    expect((await noPhone.get("/api/probe/verified")).body).toMatchObject({
      requiresPhoneVerification: true,
      verifyAt: "/phone-verification",
    });
    const both = await as({ phoneVerified: true });
    expect((await both.get("/api/probe/verified")).status).toBe(200);
  });
});

describe("a gated folder", () => {
  it("lets a route's stated permission through and names the roles that hold it", async () => {
    const guest = await as({ role: "guest" });
    const refused = await guest.get("/api/probe/admin/users");
    expect(refused.body.message).toBe(
      "You don't have the required role to access this area. Required: Administrator. Your role: Guest/Tenant",
    );
    expect((await (await as({ role: "admin" })).get("/api/probe/admin/users")).status).toBe(200);
  });

  it("will not start with a route that states no permission, so none can be reached ungated", async () => {
    const app = Fastify();
    const starting = (async () => {
      await app.register(async (folder) => {
        gateFolder(folder, { scope: "any" });
        folder.get("/forgotten", async () => ({ ok: true }));
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(/GET \/forgotten states no access rule/);
    await app.close();
  });
});
