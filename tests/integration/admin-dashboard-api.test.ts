import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { auditLogs, users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { signedInUser } from "../support/signed-in";
import { type StripeApiServer, startStripeApiServer } from "../support/stripe-api-server";
import { setUpTestApp } from "../support/test-context";

/** A fixed "now", far from the real clock, so rows the tests stamp by hand are the only ones in its windows. */
const NOW = new Date("2040-03-15T12:00:00Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe("GET /api/admin/stats on a fixed data set and clock", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });

  it("counts users, activity, listings, bookings, this month's revenue and pending issues exactly", async () => {
    // People: the signed-in admin (stamped by the real clock, long before NOW: not active), plus these.
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const owner = await createUser(t.db, { role: "landlord", isApproved: true, lastSeenAt: daysBefore(29) });
    const guest = await createUser(t.db, { lastSeenAt: daysBefore(31) });
    await createUser(t.db, { lastSeenAt: daysBefore(0.5) });
    await createUser(t.db, { role: "landlord", isApproved: false, email: "waiting@dashboard.test" });
    // A frozen applicant is not waiting for a decision.
    await createUser(t.db, { role: "landlord", isApproved: false, isFrozen: true, email: "frozen@dashboard.test" });

    const listed = await createProperty(t.db, { ownerId: owner.id });
    await createProperty(t.db, { ownerId: owner.id, isActive: false });
    const stay = (
      checkIn: string,
      checkOut: string,
      status: "pending" | "confirmed" | "completed" | "cancelled",
      total: string,
    ) =>
      createBooking(t.db, { propertyId: listed.id, guestId: guest.id, checkIn, checkOut, status, totalPrice: total });
    await stay("2040-02-27", "2040-03-01", "completed", "100.00"); // checked in last month
    await stay("2040-03-01", "2040-03-03", "completed", "210.55"); // first night of the month
    await stay("2040-03-20", "2040-03-22", "confirmed", "300.10");
    await stay("2040-03-23", "2040-03-25", "pending", "999.00"); // not revenue yet
    await stay("2040-03-26", "2040-03-28", "cancelled", "888.00");
    await stay("2040-04-01", "2040-04-03", "confirmed", "400.00"); // next month

    const failure = (action: "payment.failed" | "message.failed", createdAt: Date) =>
      t.db.insert(auditLogs).values({ type: "error", action, message: `${action} for the test`, createdAt });
    await failure("payment.failed", daysBefore(1));
    await failure("payment.failed", daysBefore(8)); // too old to be pending
    await failure("message.failed", daysBefore(6.9));
    await failure("message.failed", daysBefore(2));

    const response = await admin.client.get("/api/admin/stats");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const allUsers = await t.db.select({ id: users.id }).from(users);
    expect(response.body).toEqual({
      totalUsers: allUsers.length,
      activeUsers: 2,
      totalProperties: 2,
      listedProperties: 1,
      totalBookings: 6,
      monthlyRevenue: 510.65,
      // The factory's stays were accepted without card payments.
      monthlyRevenueSettlement: { collected: 0, expected: 0, demo: 510.65 },
      month: "2040-03",
      pendingIssues: 1 + 1 + 2,
      pendingIssueBreakdown: {
        landlordApprovals: 1,
        failedPayments: 1,
        failedMessages: 2,
        reconciliationDifferences: 0,
        recentDays: 7,
      },
    });
    expect(allUsers.length).toBe(6);
  });
});

describe("GET /api/admin/stats at the turn of a month", () => {
  // 23:30 UTC on 31 March 2040 is already 00:30 on 1 April in London (summer time began on 25 March).
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => new Date("2040-03-31T23:30:00Z") });

  it("takes the month in London, not in UTC", async () => {
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const property = await createProperty(t.db);
    const stay = (checkIn: string, checkOut: string, totalPrice: string) =>
      createBooking(t.db, { propertyId: property.id, checkIn, checkOut, status: "confirmed", totalPrice });
    await stay("2040-03-31", "2040-04-01", "70.00");
    await stay("2040-04-01", "2040-04-02", "50.00");
    const response = await admin.client.get("/api/admin/stats");
    expect(response.body).toMatchObject({ month: "2040-04", monthlyRevenue: 50 });
  });
});

describe("GET /api/admin/system-status in demo mode", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, config: { devOutbox: true } });

  it("says the database answers, payments are in demo mode, no provider is set and e-mail goes to the dev outbox", async () => {
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const response = await admin.client.get("/api/admin/system-status");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      database: { state: "ok", summary: "Connected", detail: expect.stringMatching(/^PostgreSQL \d+/) },
      payments: { state: "demo", summary: "Demo mode" },
      oauth: { state: "off", summary: "None configured" },
      email: { state: "demo", summary: "Dev outbox" },
    });
  });
});

/** A local SMTP server that accepts the login mailer / s3cret and nothing else. */
async function startSmtpServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

describe("GET /api/admin/system-status with Stripe, SMTP and Google configured", () => {
  let stripe: StripeApiServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  const { t, server } = setUpTestApp({
    withoutChangeFeed: true,
    config: async () => {
      stripe = await startStripeApiServer();
      smtp = await startSmtpServer();
      return {
        STRIPE_SECRET_KEY: "sk_test_local",
        STRIPE_PUBLISHABLE_KEY: "pk_test_local",
        STRIPE_API_URL: stripe.url,
        SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
        GOOGLE_CLIENT_ID: "status-test",
        GOOGLE_CLIENT_SECRET: "status-test-secret",
      };
    },
    afterStop: async () => {
      await stripe?.close();
      await smtp?.close();
    },
  });

  it("pings Stripe with the key and logs in to the mail server, and repeats the checks at most every 30 seconds", async () => {
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const first = await admin.client.get("/api/admin/system-status");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      database: { state: "ok" },
      payments: { state: "ok", summary: "Stripe reachable", detail: "Card payments are on; no webhook secret is set." },
      oauth: { state: "ok", summary: "Google", detail: "Sign-in with Google is offered." },
      email: { state: "ok", summary: "SMTP reachable" },
    });
    const pings = () => stripe?.calls.filter((c) => c.path === "/v1/balance").length;
    expect(pings()).toBe(1);
    expect((await admin.client.get("/api/admin/system-status")).body).toEqual(first.body);
    expect(pings()).toBe(1);
  });
});

describe("GET /api/admin/system-status when Stripe and the mail server fail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  const { t, server } = setUpTestApp({
    withoutChangeFeed: true,
    config: async () => {
      smtp = await startSmtpServer();
      return {
        STRIPE_SECRET_KEY: "sk_test_unreachable",
        STRIPE_PUBLISHABLE_KEY: "pk_test_unreachable",
        // Nothing listens on the discard port of the loopback interface.
        STRIPE_API_URL: "http://127.0.0.1:9",
        SMTP_URL: `smtp://mailer:wrong-password@127.0.0.1:${smtp.port}`,
      };
    },
    afterStop: () => smtp?.close(),
  });

  it("says which service is down and why", async () => {
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const response = await admin.client.get("/api/admin/system-status");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      database: { state: "ok" },
      payments: { state: "down", summary: "Stripe unreachable" },
      email: { state: "down", summary: "SMTP unreachable", detail: expect.stringMatching(/Invalid|auth/i) },
    });
  });
});
