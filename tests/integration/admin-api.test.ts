import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles";
import { outboxMessages, users } from "../../server/db/schema";
import { createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { passwordSignIn, signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();
const PASSWORD = "correct horse battery staple";
let passwordHash: string;
let counter = 0;
const email = (label: string) => `${label}-${++counter}-${Date.now()}@admin.test`;

beforeAll(async () => {
  passwordHash = await hash(PASSWORD);
});

async function signIn(role: Role) {
  const user = await createUser(t.db, {
    email: email(role),
    passwordHash,
    role,
    emailVerified: true,
    phoneVerified: true,
  });
  const c = new HttpClient(server.baseUrl);
  expect((await passwordSignIn(t.db, c, user, PASSWORD)).status).toBe(200);
  return { c, user };
}

const applicant = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(t.db, {
    email: email("applicant"),
    role: "landlord",
    isApproved: false,
    emailVerified: true,
    passwordHash,
    ...overrides,
  });

const ADMIN_CALLS = [
  ["GET", "/api/admin/pending-landlords"],
  ["POST", "/api/admin/approve-landlord/1"],
  ["GET", "/api/admin/users/1/profile"],
] as const;

describe("admin gate", () => {
  it.each(ADMIN_CALLS)("%s %s refuses a signed-out visitor with the gate's text", async (method, path) => {
    const response = await new HttpClient(server.baseUrl).request(method, path);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("You need to be logged in to access this area.");
  });

  it.each(["guest", "landlord", "property_manager", "contractor"] as const)(
    "refuses a %s on every admin call, naming the roles",
    async (role) => {
      const { c } = await signIn(role);
      const label = {
        guest: "Guest/Tenant",
        landlord: "Landlord/Owner",
        property_manager: "Property Manager",
        contractor: "Contractor/Service Provider",
      }[role];
      for (const [method, path] of ADMIN_CALLS) {
        const response = await c.request(method, path);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toBe(
          `You don't have the required role to access this area. Required: Administrator. Your role: ${label}`,
        );
      }
    },
  );

  it("refuses before validating, so a wrong role learns nothing from bad input", async () => {
    const { c } = await signIn("guest");
    expect((await c.post("/api/admin/approve-landlord/not-a-number")).status).toBe(403);
  });

  it("treats a frozen admin as signed out", async () => {
    const { c, user } = await signIn("admin");
    await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, user.id));
    expect((await c.get("/api/admin/pending-landlords")).status).toBe(401);
  });
});

describe("landlord approval", () => {
  it("lists only landlords awaiting approval, oldest first, without secrets", async () => {
    const { c } = await signIn("admin");
    const waiting = await applicant({ createdAt: new Date("2026-01-01T10:00:00Z"), emailVerified: false });
    const later = await applicant({ createdAt: new Date("2026-01-02T10:00:00Z") });
    const approved = await applicant({ isApproved: true });
    const frozen = await applicant({ isFrozen: true });
    const guest = await createUser(t.db, { email: email("guest"), isApproved: false });
    const response = await c.get("/api/admin/pending-landlords");
    expect(response.status).toBe(200);
    const list = response.body as unknown as { id: number; emailVerified: boolean }[];
    const ids = list.map((l) => l.id);
    expect(ids).toContain(waiting.id);
    expect(ids.indexOf(waiting.id)).toBeLessThan(ids.indexOf(later.id));
    for (const excluded of [approved, frozen, guest]) expect(ids).not.toContain(excluded.id);
    expect(list.find((l) => l.id === waiting.id)).toMatchObject({ emailVerified: false, provider: "email" });
    expect(JSON.stringify(list)).not.toMatch(/password|token|registrationIp/i);
  });

  it("approves: stamps who and when, e-mails the landlord, and says a phone is still needed", async () => {
    const { c, user: admin } = await signIn("admin");
    const landlord = await applicant();
    const response = await c.post(`/api/admin/approve-landlord/${landlord.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      requiresPhoneVerification: true,
      user: { id: landlord.id, approvedBy: admin.id },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, landlord.id));
    expect(row).toMatchObject({ isApproved: true, approvedBy: admin.id });
    expect(row?.approvedAt).toBeInstanceOf(Date);
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, landlord.email));
    expect(mail.map((m) => m.subject)).toContain("Your StayLondon landlord account is approved");
    // The landlord can now sign in, and is sent to phone verification.
    const login = await new HttpClient(server.baseUrl).post("/api/auth/login", {
      email: landlord.email,
      password: PASSWORD,
    });
    expect(login).toMatchObject({ status: 200, body: { requiresPhoneVerification: true } });
    expect((await c.get("/api/admin/pending-landlords")).body).not.toContainEqual(
      expect.objectContaining({ id: landlord.id }),
    );
  });

  it("says no phone step is left for a landlord whose phone is verified", async () => {
    const { c } = await signIn("admin");
    const landlord = await applicant({ phoneVerified: true, phoneNumber: "+447400999001" });
    const response = await c.post(`/api/admin/approve-landlord/${landlord.id}`);
    expect(response.body).toMatchObject({ requiresPhoneVerification: false });
  });

  it("answers 409 for an approved landlord, 404 for a guest or nobody, 400 for a malformed id", async () => {
    const { c } = await signIn("admin");
    const landlord = await applicant();
    await c.post(`/api/admin/approve-landlord/${landlord.id}`);
    const twice = await c.post(`/api/admin/approve-landlord/${landlord.id}`);
    expect(twice.status).toBe(409);
    const guest = await createUser(t.db, { email: email("guest"), isApproved: false });
    expect((await c.post(`/api/admin/approve-landlord/${guest.id}`)).status).toBe(404);
    expect((await c.post("/api/admin/approve-landlord/999999")).status).toBe(404);
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const response = await c.post(`/api/admin/approve-landlord/${bad}`);
      expect([400, 404], bad).toContain(response.status);
      expect(response.body.message).toEqual(expect.any(String));
    }
    const [guestRow] = await t.db.select().from(users).where(eq(users.id, guest.id));
    expect(guestRow?.isApproved).toBe(false);
  });

  it("refuses an approval posted from another site, even by an admin", async () => {
    const { c } = await signIn("admin");
    const landlord = await applicant();
    const response = await c.post(`/api/admin/approve-landlord/${landlord.id}`, undefined, {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, landlord.id));
    expect(row?.isApproved).toBe(false);
  });
});

describe("admin user profile", () => {
  it("shows an admin the profile fields and nothing secret", async () => {
    const { c } = await signIn("admin");
    const landlord = await applicant({ registrationIp: "203.0.113.9", location: "Camden" });
    const response = await c.get(`/api/admin/users/${landlord.id}/profile`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: landlord.id,
      role: "landlord",
      isApproved: false,
      registrationIp: "203.0.113.9",
      location: "Camden",
      provider: "email",
    });
    expect(JSON.stringify(response.body)).not.toMatch(/passwordHash|argon2|Token|Code/);
    expect((await c.get("/api/admin/users/999999/profile")).status).toBe(404);
  });
});

describe("approval figures", () => {
  // 09:00 on 10 June 2026 in London (summer time): the day began at 23:00 UTC on 9 June.
  const NOW = new Date("2026-06-10T08:00:00Z");
  const dated = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });

  it("counts today's approvals in London and averages the wait over the last 90 days", async () => {
    const admin = await signedInUser(dated.t.db, dated.server.baseUrl, { role: "admin" });
    const landlord = (createdAt: string, approvedAt: string) =>
      createUser(dated.t.db, {
        email: email("reviewed"),
        role: "landlord",
        isApproved: true,
        createdAt: new Date(createdAt),
        approvedAt: new Date(approvedAt),
      });
    await landlord("2026-06-09T11:00:00Z", "2026-06-09T23:30:00Z"); // today in London, waited 12.5 h
    await landlord("2026-06-08T20:00:00Z", "2026-06-09T22:30:00Z"); // yesterday in London, waited 26.5 h
    await landlord("2026-01-01T10:00:00Z", "2026-01-05T10:00:00Z"); // more than 90 days ago: not averaged
    const response = await admin.client.get("/api/admin/approval-figures");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ approvedToday: 1, averageReviewHours: 19.5 });
  });
});
