import { once } from "node:events";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProperty } from "../factories";
import { startTestServer, type TestServer } from "../support/app";
import { asSent, rawGet } from "../support/raw-http";
import { setUpTestDatabase } from "../support/test-context";

/**
 * The busiest public reads are sent again from the HTTP server itself once the full path has answered them. What
 * matters to a client is that it cannot tell: the same bytes and headers, the same limit, the same metrics, and
 * nothing that the full path would now answer differently.
 */

const TOKEN = "metrics-token-for-early-answers";
// The search limit scaled to 6 a minute per address, so the test can reach it.
const SEARCHES_A_MINUTE = 6;
const t = setUpTestDatabase();
let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy, so a test can count as an address of its own.
  server = await startTestServer(t.db, t.url, {
    METRICS_TOKEN: TOKEN,
    RATE_LIMIT_FACTOR: SEARCHES_A_MINUTE / 600,
    TRUST_PROXY: true,
  });
});
afterAll(async () => server?.close());

const early = () => server.app.earlyAnswers.count;

async function requestsCounted(route: string, status: number): Promise<number> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const sample = `http_requests_total{method="GET",route="${route}",status="${status}",app="staylondon"}`;
  const line = (await response.text()).split("\n").find((l) => l.startsWith(sample));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

function listingsChanged(): Promise<unknown> {
  if (!server.changeFeed) throw new Error("the test server has no change feed");
  return once(server.changeFeed, "listings_changed");
}

/** A listing created straight in the database, once the app has heard of it. */
async function listingKnown(fields: Parameters<typeof createProperty>[1]) {
  const heard = listingsChanged();
  const listing = await createProperty(t.db, fields);
  await heard;
  return listing;
}

describe("answers sent before Fastify", () => {
  it("sends /healthz again with the full path's status, headers and body", async () => {
    const full = await rawGet(server.baseUrl, "/healthz?probe=1");
    const before = early();
    const again = await rawGet(server.baseUrl, "/healthz?probe=1");
    expect(early()).toBe(before + 1);
    expect(asSent(again)).toEqual(asSent(full));
    expect(JSON.parse(again.body.toString("utf8"))).toEqual({ status: "ok" });
    // Each answer still names its own request.
    expect(again.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers["x-request-id"]).not.toBe(full.headers["x-request-id"]);
    expect(again.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("answers a changed listing's search from the full path, with the change", async () => {
    const listing = await listingKnown({ city: "Ealing", title: "Ealing Common Flat" });
    const page = "/api/properties?city=ealing";
    await rawGet(server.baseUrl, page);
    const before = early();
    const kept = await rawGet(server.baseUrl, page);
    expect(early()).toBe(before + 1);
    expect(JSON.parse(kept.body.toString("utf8"))).toMatchObject([{ title: "Ealing Common Flat" }]);

    const heard = listingsChanged();
    await t.db.execute(sql`update properties set title = 'Ealing Common Flat, repainted' where id = ${listing.id}`);
    await heard;
    const changed = await rawGet(server.baseUrl, page);
    expect(early()).toBe(before + 1);
    expect(JSON.parse(changed.body.toString("utf8"))).toMatchObject([{ title: "Ealing Common Flat, repainted" }]);
    expect(changed.headers.etag).not.toBe(kept.headers.etag);
  });

  it("never sends early what the full path refused", async () => {
    const before = early();
    for (let i = 0; i < 3; i++) {
      const refused = await rawGet(server.baseUrl, "/api/properties?bbox=1,2,3");
      expect(refused.status).toBe(400);
    }
    expect(early()).toBe(before);
  });

  it("counts early answers against the search limit, and refuses one over it with the full path's message", async () => {
    await listingKnown({ city: "Barnet", title: "Hadley Wood House" });
    const page = "/api/properties?city=barnet";
    const visitor = { "x-forwarded-for": "198.51.100.7, 10.0.0.2" };
    const before = early();
    const statuses: number[] = [];
    for (let i = 0; i < SEARCHES_A_MINUTE + 1; i++) statuses.push((await rawGet(server.baseUrl, page, visitor)).status);
    // The first is the full path's; the next five go out early and count; the seventh is over the limit.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(early() - before).toBe(SEARCHES_A_MINUTE - 1);
    const refused = await rawGet(server.baseUrl, page, visitor);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    // The wait is said in seconds below a minute and as "1 minute" at the full window, whichever the clock gives.
    const wait = Number(refused.headers["retry-after"]);
    const said = wait < 60 ? `${wait} second${wait === 1 ? "" : "s"}` : "1 minute";
    expect(JSON.parse(refused.body.toString("utf8"))).toEqual({ message: `Too many searches. Try again in ${said}.` });
    // Another visitor behind the same proxy is not held back by the first one's searches.
    expect((await rawGet(server.baseUrl, page, { "x-forwarded-for": "198.51.100.8, 10.0.0.2" })).status).toBe(200);
  });

  it("come from a server with the timeouts Fastify gives its own", () => {
    // Keep-alive as long as Fastify's default; a slow phone's request cut at the app's 30 seconds.
    expect(server.app.server.keepAliveTimeout).toBe(72_000);
    expect(server.app.server.requestTimeout).toBe(30_000);
  });

  it("are counted in the metrics under their route", async () => {
    const before = await requestsCounted("/healthz", 200);
    const sentEarly = early();
    for (let i = 0; i < 3; i++) await rawGet(server.baseUrl, "/healthz");
    expect(early()).toBeGreaterThan(sentEarly);
    expect((await requestsCounted("/healthz", 200)) - before).toBe(3);
  });
});
