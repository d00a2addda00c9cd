import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/plugins/rate-limits";
import { startTestServer, type TestServer } from "../support/app";
import { buffered, statusOf } from "../support/http-bodies";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestDatabase } from "../support/test-context";

/**
 * Rate limits are counted in PostgreSQL, so two app instances on one database share them: whichever instance a
 * load balancer picks, the limit is the same. A refusal is a 429 with Retry-After and a message saying when to
 * try again, and the refused request changes nothing.
 */

const t = setUpTestDatabase();
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer(t.db, t.url, { RATE_LIMIT_FACTOR: 1 }, { withoutChangeFeed: true });
  b = await startTestServer(t.db, t.url, { RATE_LIMIT_FACTOR: 1 }, { withoutChangeFeed: true });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

let people = 0;
const registration = () => ({
  email: `limited-${++people}@rate-limit.test`,
  password: "a long enough password",
  firstName: "Rate",
  lastName: "Limited",
  role: "guest",
});

const post = async (server: TestServer, path: string, body: unknown) =>
  buffered(
    await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

/**
 * Limits count in fixed windows (a window starts at a multiple of its length): a test that needs `ms` starts
 * where at least that much of the window is left, so no count is reset halfway through it.
 */
async function withRoomInWindow(windowMs: number, ms = 10_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const countUsers = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]?.n ?? 0;

/** A booking request for a listing that does not exist: refused by the booking rules (404), and still counted. */
const bookingOfNoListing = {
  propertyId: 987_654,
  checkIn: "2031-05-01",
  checkOut: "2031-05-04",
  guestCount: 1,
  guestInfo: { firstName: "Rate", lastName: "Limited", email: "guest@rate-limit.test" },
};

describe("a limit counted exactly", () => {
  it("refuses the 11th new account from one address in an hour, whichever instance each went to", async () => {
    const max = RATE_LIMITS.register.max;
    await withRoomInWindow(RATE_LIMITS.register.windowMs);
    for (let i = 0; i < max; i++) {
      const response = await post(i % 2 === 0 ? a : b, "/api/auth/register", registration());
      expect(response.status, `registration ${i + 1}`).toBe(201);
      expect(response.headers.get("x-ratelimit-remaining")).toBe(String(max - i - 1));
    }
    const before = await countUsers();
    const refused = await post(a, "/api/auth/register", registration());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/^Too many new accounts from this connection\. Try again in \d+ (minutes?|seconds?)\.$/);
    expect(await countUsers()).toBe(before);
    expect((await post(b, "/api/auth/register", registration())).status).toBe(429);
  });
});

describe("a limit counted in batches (the busy public reads)", () => {
  it("is shared by both instances within a fraction of a second", async () => {
    await t.db.execute(sql`delete from rate_limit_counters`);
    const max = RATE_LIMITS.places.max;
    await withRoomInWindow(RATE_LIMITS.places.windowMs);
    const places = async (server: TestServer) => buffered(await fetch(`${server.baseUrl}/api/places?q=cam`));
    // Half on each instance: each alone is well under the limit.
    for (let i = 0; i < max; i++) expect((await places(i < max / 2 ? a : b)).status).toBe(200);
    // Each instance learns the other's count when it sends its own, a few times a second.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await places(a);
    await places(b);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const refusedOnA = await places(a);
    const refusedOnB = await places(b);
    expect([refusedOnA.status, refusedOnB.status]).toEqual([429, 429]);
    expect((await refusedOnA.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/^Too many place look-ups\. Try again in \d+ seconds?\.$/),
    });
    // Refused look-ups count too, once sent.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const stored = await t.db.execute<{ hits: number }>(
      sql`select hits from rate_limit_counters where key like 'places:%'`,
    );
    expect(stored.rows[0]?.hits).toBe(max + 4);
  });
  it("counts a person's booking requests per person, across both instances", async () => {
    const max = RATE_LIMITS.booking.max;
    await withRoomInWindow(RATE_LIMITS.booking.windowMs);
    const first = await signedInUser(t.db, a.baseUrl);
    const second = await signedInUser(t.db, b.baseUrl);
    // The same session on the other instance, as a load balancer would send it.
    const firstOnB = new HttpClient(b.baseUrl);
    firstOnB.cookie = first.client.cookie;
    // Half on each instance: each alone is well under the limit.
    for (let i = 0; i < max; i++) {
      const answer = await (i % 2 === 0 ? first.client : firstOnB).post("/api/bookings", bookingOfNoListing);
      expect(answer.status, `request ${i + 1}`).toBe(404);
    }
    // Each instance learns the other's count when it sends its own.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await first.client.post("/api/bookings", bookingOfNoListing);
    await firstOnB.post("/api/bookings", bookingOfNoListing);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const refusedOnA = await first.client.post("/api/bookings", bookingOfNoListing);
    const refusedOnB = await firstOnB.post("/api/bookings", bookingOfNoListing);
    expect([refusedOnA.status, refusedOnB.status]).toEqual([429, 429]);
    expect(refusedOnA.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((refusedOnB.body as { message: string }).message).toMatch(/^Too many booking requests\. Try again in/);
    // Another person at the same address is not held back by the first.
    expect((await second.client.post("/api/bookings", bookingOfNoListing)).status).toBe(404);
  });

  it("refuses the requests of a burst past the limit on one instance, however fast they come", async () => {
    const max = RATE_LIMITS.booking.max;
    await withRoomInWindow(RATE_LIMITS.booking.windowMs);
    const { client } = await signedInUser(t.db, a.baseUrl);
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, () => client.post("/api/bookings", bookingOfNoListing)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 404)).toBe(true);
  });
});

describe("switched off", () => {
  it("counts nothing when RATE_LIMIT_FACTOR is 0", async () => {
    const off = await startTestServer(t.db, t.url, { RATE_LIMIT_FACTOR: 0 }, { withoutChangeFeed: true });
    try {
      await t.db.execute(sql`delete from rate_limit_counters`);
      expect(await statusOf(`${off.baseUrl}/api/places?q=cam`)).toBe(200);
      const response = await post(off, "/api/auth/register", registration());
      expect(response.status).toBe(201);
      expect(response.headers.get("x-ratelimit-limit")).toBeNull();
      // The other two instances may still send the last fifth of a second's batched booking counts meanwhile: only
      // the kinds of request made here are looked for.
      const stored = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from rate_limit_counters where key like 'places:%' or key like 'register:%'`,
      );
      expect(stored.rows[0]?.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
