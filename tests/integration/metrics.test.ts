import { describe, expect, it } from "vitest";
import { createBooking, createProperty } from "../factories";
import { statusOf } from "../support/http-bodies";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * /metrics speaks Prometheus's text format to a scraper holding the token, and to nobody else. The figures move
 * with what the app does: requests by route template, the search cache, bookings.
 */

const TOKEN = "metrics-token-for-the-tests-0123";
const { t, server } = setUpTestApp({ config: { METRICS_TOKEN: TOKEN } });

async function scrape(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** The value of one sample, e.g. value(text, 'http_requests_total{method="GET",route="/healthz",status="200"'). */
function value(text: string, sample: string): number {
  const line = text.split("\n").find((l) => l.startsWith(sample));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("metrics", () => {
  it("refuses a scraper without the token, or with another one", async () => {
    expect(await statusOf(`${server.baseUrl}/metrics`)).toBe(401);
    const wrong = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "A valid metrics token is required" });
  });

  it("counts requests by route template and status, with their latency", async () => {
    const before = await scrape();
    const sample = 'http_requests_total{method="GET",route="/api/properties/:id",status="404",app="staylondon"}';
    await statusOf(`${server.baseUrl}/api/properties/999999`);
    await statusOf(`${server.baseUrl}/api/properties/999998`);
    const after = await scrape();
    expect(value(after, sample) - value(before, sample)).toBe(2);
    expect(after).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1"[^}]*route="\/api\/properties\/:id"[^}]*\} [1-9]/m,
    );
    expect(after).toMatch(/^db_pool_connections\{state="open",app="staylondon"\} \d+$/m);
  });

  it("counts e-mail attempts by outcome, and shows the outbox's depth by status", async () => {
    const before = await scrape();
    const sent = 'outbox_attempts_total{channel="email",outcome="sent",app="staylondon"}';
    const letter = (to: string) => ({ email: { to, subject: "Metrics", text: "Hello", html: "<p>Hello</p>" } });
    await server.app.outbox.add(t.db, [letter("one@metrics.test"), letter("two@metrics.test")]);
    // Held for the request that wrote it, so it waits in the outbox while we look.
    await server.app.outbox.add(t.db, [letter("held@metrics.test")], { sendNow: true });
    await server.app.outbox.settle();
    const after = await scrape();
    expect(value(after, sent) - value(before, sent)).toBe(2);
    expect(value(after, 'outbox_messages{status="sent",app="staylondon"}')).toBeGreaterThanOrEqual(2);
    expect(value(after, 'outbox_messages{status="pending",app="staylondon"}')).toBe(1);
    expect(after).toMatch(/^outbox_messages\{status="dead",app="staylondon"\} 0$/m);
  });

  it("counts search cache hits and misses, bookings created and bookings by status", async () => {
    const hit = 'search_cache_lookups{result="hit",app="staylondon"}';
    const miss = 'search_cache_lookups{result="miss",app="staylondon"}';
    const before = await scrape();
    await statusOf(`${server.baseUrl}/api/properties?city=Metricsville`);
    await statusOf(`${server.baseUrl}/api/properties?city=Metricsville`);
    const after = await scrape();
    expect(value(after, miss) - value(before, miss)).toBe(1);
    expect(value(after, hit) - value(before, hit)).toBe(1);

    const property = await createProperty(t.db);
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: mondayIn(10),
      checkOut: mondayIn(11),
      status: "confirmed",
    });
    const { client } = await signedInUser(t.db, server.baseUrl);
    const created = await client.post("/api/bookings", {
      propertyId: property.id,
      checkIn: mondayIn(20),
      checkOut: mondayIn(21),
      guestCount: 1,
      guestInfo: { firstName: "Metric", lastName: "Guest", email: "metric@example.com" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const text = await scrape();
    expect(value(text, 'staylondon_bookings_created_total{app="staylondon"}')).toBe(1);
    expect(value(text, 'staylondon_bookings{status="confirmed",app="staylondon"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'staylondon_bookings{status="pending",app="staylondon"}')).toBeGreaterThanOrEqual(1);
  });
});

describe("metrics without a token", () => {
  const { server: plain } = setUpTestApp();

  it("do not exist: a small JSON 404, never the site's page", async () => {
    const response = await fetch(`${plain.baseUrl}/metrics`, { headers: { accept: "text/html,*/*" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such endpoint: GET /metrics" });
  });
});
