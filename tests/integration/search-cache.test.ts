import { EventEmitter, once } from "node:events";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZPropertyMapQuery } from "../../common/schemas/map-search";
import { ZPropertySearchQuery } from "../../common/schemas/properties";
import { createDatabase, type Database } from "../../server/db/client";
import { properties } from "../../server/db/schema";
import { PropertiesService, type SearchResult } from "../../server/services/properties/listings.service";
import { MapPinsService } from "../../server/services/properties/map-pins.service";
import { createProperty, propertyForm } from "../factories";
import { startTestServer, type TestServer } from "../support/app";
import { asSent, rawGet } from "../support/raw-http";
import { signedInUser } from "../support/signed-in";
import { setUpTestDatabase } from "../support/test-context";

/**
 * The search cache is trusted only while the database's change feed is live. These tests catch it
 * answering from memory by changing a listing with the feed's trigger switched off for one transaction
 * (a change no instance hears of): a cached page still shows the old text, a fresh read the new.
 * Every other write here is one statement or one transaction, so it makes exactly one notification,
 * which a test awaits before it relies on what a cache holds.
 */
const t = setUpTestDatabase();

type NewProperty = typeof properties.$inferInsert;

async function changeUnannounced(id: number, fields: Partial<NewProperty>): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(properties).set(fields).where(eq(properties.id, id));
  });
}

const titlesOf = (result: SearchResult) =>
  (JSON.parse(result.body.identity.toString("utf8")) as { title: string }[]).map((p) => p.title);

describe("the search cache", () => {
  const query = (city: string) => ZPropertySearchQuery.parse({ city });
  const liveFeed = () => Object.assign(new EventEmitter(), { connected: true });

  it("keeps a page read while no listing changed", async () => {
    const listing = await createProperty(t.db, { city: "Lambeth", title: "Kennington Flat" });
    const service = new PropertiesService(t.db, { feed: liveFeed(), cacheResults: true });
    expect(titlesOf(await service.findProperties(query("lambeth")))).toEqual(["Kennington Flat"]);
    await changeUnannounced(listing.id, { title: "Kennington Flat, renamed" });
    expect(titlesOf(await service.findProperties(query("lambeth")))).toEqual(["Kennington Flat"]);
  });

  it("keeps nothing read before a change that is announced while the search runs", async () => {
    const listing = await createProperty(t.db, { city: "Merton", title: "Wimbledon House" });
    const feed = liveFeed();
    const service = new PropertiesService(t.db, { feed, cacheResults: true });
    const reading = service.findProperties(query("merton"));
    // The notification of a write that committed while the page was being read.
    feed.emit("listings_changed");
    expect(titlesOf(await reading)).toEqual(["Wimbledon House"]);
    await changeUnannounced(listing.id, { title: "Wimbledon House, after the change" });
    expect(titlesOf(await service.findProperties(query("merton")))).toEqual(["Wimbledon House, after the change"]);
  });

  it("reads a search asked by many clients at once only once, but not across a change", async () => {
    await createProperty(t.db, { city: "Sutton", title: "Cheam Cottage" });
    const feed = liveFeed();
    const service = new PropertiesService(t.db, { feed, cacheResults: true });
    const [first, second] = await Promise.all([
      service.findProperties(query("sutton")),
      service.findProperties(query("sutton")),
    ]);
    expect(second).toBe(first);
    const before = service.findProperties(query("sutton"));
    feed.emit("listings_changed");
    const after = service.findProperties(query("sutton"));
    expect(await after).not.toBe(await before);
  });
});

describe("two app instances on one database", () => {
  let a: TestServer;
  let b: TestServer;
  let bDb: Database;

  beforeAll(async () => {
    a = await startTestServer(t.db, t.url);
    // Its own connection pool, as a second server would have.
    bDb = createDatabase(t.url, { max: 4 });
    b = await startTestServer(bDb, t.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await bDb?.$client.end();
  });

  async function titles(server: TestServer, query: string): Promise<string[]> {
    const response = await fetch(`${server.baseUrl}/api/properties${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { title: string }[]).map((p) => p.title);
  }

  /** The landlord's edit form as PUT takes it (amenities have their own route). */
  const form = (fields: Record<string, unknown>) => {
    const { amenities: _amenities, ...rest } = propertyForm(fields);
    return rest;
  };

  /** Resolves once the instance's change feed has passed on the database's next notification. */
  function nextNotice(server: TestServer): Promise<unknown> {
    if (!server.changeFeed) throw new Error("this test server has no change feed");
    return once(server.changeFeed, "listings_changed");
  }

  /** A listing created straight in the database, once B has heard of it. */
  async function listingKnownToB(fields: Partial<NewProperty>) {
    const heard = nextNotice(b);
    const listing = await createProperty(t.db, fields);
    await heard;
    return listing;
  }

  it("answers a repeated search on B from B's cache", async () => {
    const listing = await listingKnownToB({ city: "Hackney", title: "Canal Studio" });
    expect(await titles(b, "?city=hackney")).toEqual(["Canal Studio"]);
    await changeUnannounced(listing.id, { title: "Canal Studio, renamed unannounced" });
    expect(await titles(b, "?city=hackney")).toEqual(["Canal Studio"]);
  });

  it("shows a listing edited through A in the next search on B", async () => {
    const { client: landlord, user } = await signedInUser(t.db, a.baseUrl, { role: "landlord", isApproved: true });
    const listing = await listingKnownToB({
      ownerId: user.id,
      city: "Southwark",
      title: "Borough Loft",
      pricePerNight: "150.00",
    });
    expect(await titles(b, "?city=southwark&maxPrice=200")).toEqual(["Borough Loft"]);

    const renamed = nextNotice(b);
    const rename = { city: "Southwark", title: "Borough Loft, renovated", pricePerNight: 150 };
    expect((await landlord.request("PUT", `/api/properties/${listing.id}`, form(rename))).status).toBe(200);
    await renamed;
    expect(await titles(b, "?city=southwark&maxPrice=200")).toEqual(["Borough Loft, renovated"]);

    const repriced = nextNotice(b);
    const dearer = { city: "Southwark", title: "Borough Loft, renovated", pricePerNight: 240 };
    expect((await landlord.request("PUT", `/api/properties/${listing.id}`, form(dearer))).status).toBe(200);
    await repriced;
    expect(await titles(b, "?city=southwark&maxPrice=200")).toEqual([]);
  });

  it("drops a listing deactivated through A from the next search on B, and brings it back", async () => {
    const { client: landlord, user } = await signedInUser(t.db, a.baseUrl, { role: "landlord", isApproved: true });
    const listing = await listingKnownToB({ ownerId: user.id, city: "Islington", title: "Angel Rooms" });
    expect(await titles(b, "?city=islington")).toEqual(["Angel Rooms"]);

    const deactivated = nextNotice(b);
    const off = await landlord.post(`/api/properties/${listing.id}/status`, { status: "inactive" });
    expect(off.status).toBe(200);
    await deactivated;
    expect(await titles(b, "?city=islington")).toEqual([]);

    const reactivated = nextNotice(b);
    expect((await landlord.post(`/api/properties/${listing.id}/status`, { status: "active" })).status).toBe(200);
    await reactivated;
    expect(await titles(b, "?city=islington")).toEqual(["Angel Rooms"]);
  });

  it("sends a cached page byte for byte as a page read fresh, in every coding", async () => {
    await listingKnownToB({ city: "Camden", title: "Primrose Hill Mews", description: "A quiet mews. ".repeat(80) });
    await listingKnownToB({ city: "Camden", title: "Chalk Farm Studio", description: "Near the market. ".repeat(80) });
    const fresh = await startTestServer(t.db, t.url, { SEARCH_CACHE: false });
    try {
      for (const encoding of [undefined, "gzip", "br", "gzip, deflate, br, zstd"]) {
        const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
        const first = await rawGet(b.baseUrl, "/api/properties?city=camden", headers);
        const sentEarly = b.app.earlyAnswers.count;
        const cached = await rawGet(b.baseUrl, "/api/properties?city=camden", headers);
        // The kept page goes out before Fastify's path, and still matches what that path sends.
        expect(b.app.earlyAnswers.count, encoding).toBe(sentEarly + 1);
        const uncached = await rawGet(fresh.baseUrl, "/api/properties?city=camden", headers);
        expect(fresh.app.earlyAnswers.count, encoding).toBe(0);
        expect(asSent(cached), encoding).toEqual(asSent(uncached));
        expect(asSent(first), encoding).toEqual(asSent(cached));
        expect(cached.headers["content-encoding"], encoding).toBe(encoding === "gzip" ? "gzip" : encoding && "br");
        expect(cached.headers.vary).toBe("Accept-Encoding");
        const json =
          encoding === "gzip" ? gunzipSync(cached.body) : encoding ? brotliDecompressSync(cached.body) : cached.body;
        const titles = (JSON.parse(json.toString("utf8")) as { title: string }[]).map((p) => p.title);
        expect(titles.sort()).toEqual(["Chalk Farm Studio", "Primrose Hill Mews"]);
      }
    } finally {
      await fresh.close();
    }
  });

  it("answers 304 to a page the client already holds, on any instance, until it changes", async () => {
    const { client: landlord, user } = await signedInUser(t.db, a.baseUrl, { role: "landlord", isApproved: true });
    const listing = await listingKnownToB({ ownerId: user.id, city: "Greenwich", title: "Observatory Flat" });
    const page = "/api/properties?city=greenwich";
    const held = await rawGet(b.baseUrl, page);
    const etag = held.headers.etag ?? "";
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await rawGet(a.baseUrl, page)).headers.etag).toBe(etag);

    for (const [server, ifNoneMatch] of [
      [b, etag],
      [a, etag],
      [b, etag.slice(2)],
      [b, `W/"something-else", ${etag}`],
      [b, "*"],
    ] as const) {
      const unchanged = await rawGet(server.baseUrl, page, { "if-none-match": ifNoneMatch });
      expect(unchanged.status, ifNoneMatch).toBe(304);
      expect(unchanged.body.length).toBe(0);
      expect(unchanged.headers.etag).toBe(etag);
      expect(unchanged.headers["x-total-count"]).toBe("1");
      expect(unchanged.headers["content-security-policy"]).toContain("default-src 'self'");
    }
    expect((await rawGet(b.baseUrl, page, { "if-none-match": 'W/"something-else"' })).status).toBe(200);

    const renamed = nextNotice(b);
    const rename = { city: "Greenwich", title: "Observatory Flat, repainted" };
    expect((await landlord.request("PUT", `/api/properties/${listing.id}`, form(rename))).status).toBe(200);
    await renamed;
    const changed = await rawGet(b.baseUrl, page, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString("utf8"))).toMatchObject([{ title: "Observatory Flat, repainted" }]);
  });

  it("gives a page a new ETag when only the count beyond it changed", async () => {
    await listingKnownToB({ city: "Bromley", title: "Chislehurst House", rating: "4.90" });
    const page = "/api/properties?city=bromley&pageSize=1";
    const before = await rawGet(b.baseUrl, page);
    await listingKnownToB({ city: "Bromley", title: "Orpington Flat", rating: "3.10" });
    const after = await rawGet(b.baseUrl, page, { "if-none-match": before.headers.etag ?? "" });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(after.headers["x-total-count"]).toBe("2");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  // Last: it cuts both instances' feeds.
  it("keeps nothing while the change feed is lost, and caches again once it is back", async () => {
    const listing = await listingKnownToB({ city: "Lewisham", title: "Hilly Fields House" });
    expect(await titles(b, "?city=lewisham")).toEqual(["Hilly Fields House"]);

    const lost = nextNotice(b);
    await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen listings_changed%'`);
    await lost;
    expect(b.changeFeed?.connected).toBe(false);
    // What B had cached is gone, and what it reads now is not kept.
    await changeUnannounced(listing.id, { title: "Read without the feed" });
    expect(await titles(b, "?city=lewisham")).toEqual(["Read without the feed"]);
    await changeUnannounced(listing.id, { title: "Read again without the feed" });
    expect(await titles(b, "?city=lewisham")).toEqual(["Read again without the feed"]);

    // The feed reconnects by itself (after a second) and the cache is trusted again.
    await expect.poll(() => b.changeFeed?.connected, { timeout: 15_000 }).toBe(true);
    expect(await titles(b, "?city=lewisham")).toEqual(["Read again without the feed"]);
    await changeUnannounced(listing.id, { title: "Renamed unannounced" });
    expect(await titles(b, "?city=lewisham")).toEqual(["Read again without the feed"]);
  });
});

describe("the map's area in the caches", () => {
  const liveFeed = () => Object.assign(new EventEmitter(), { connected: true });
  const CAMDEN = "-0.1650,51.5300,-0.1250,51.5560";
  const HACKNEY = "-0.0700,51.5300,-0.0400,51.5560";

  it("keeps a page per box: a search in Hackney's box is never answered with Camden's", async () => {
    await createProperty(t.db, { city: "Camden", title: "Box Camden Loft", latitude: 51.5413, longitude: -0.1466 });
    await createProperty(t.db, { city: "Hackney", title: "Box Hackney House", latitude: 51.545, longitude: -0.0553 });
    const service = new PropertiesService(t.db, { feed: liveFeed(), cacheResults: true });
    const inBox = (bbox: string) => service.findProperties(ZPropertySearchQuery.parse({ bbox }));
    expect(titlesOf(await inBox(CAMDEN))).toEqual(["Box Camden Loft"]);
    expect(titlesOf(await inBox(HACKNEY))).toEqual(["Box Hackney House"]);
    expect(service.cacheLookups.misses).toBe(2);
    expect(titlesOf(await inBox(CAMDEN))).toEqual(["Box Camden Loft"]);
    expect(service.cacheLookups.hits).toBe(1);
  });

  it("keeps the map's pins per box and filter, and reads them again after a listing changes", async () => {
    const loft = await createProperty(t.db, {
      city: "Camden",
      title: "Pin Camden Loft",
      latitude: 51.5421,
      longitude: -0.1471,
      pricePerNight: "100.00",
    });
    const feed = liveFeed();
    const service = new MapPinsService(t.db, { feed, cacheResults: true });
    const pinsIn = async (raw: Record<string, string>) =>
      (
        JSON.parse((await service.findPins(ZPropertyMapQuery.parse(raw))).identity.toString("utf8")) as {
          pins: [number, number, number, number, string][];
        }
      ).pins.filter((pin) => pin[4].startsWith("Pin "));
    expect(await pinsIn({ bbox: CAMDEN })).toEqual([[loft.id, 51.5421, -0.1471, 11000, "Pin Camden Loft"]]);
    expect(await pinsIn({ bbox: HACKNEY })).toEqual([]);
    expect(await pinsIn({ bbox: CAMDEN, maxPrice: "50" })).toEqual([]);
    await changeUnannounced(loft.id, { title: "Pin Camden Loft, renamed" });
    // Kept: the change was not announced.
    expect((await pinsIn({ bbox: CAMDEN }))[0]?.[4]).toBe("Pin Camden Loft");
    feed.emit("listings_changed");
    expect((await pinsIn({ bbox: CAMDEN }))[0]?.[4]).toBe("Pin Camden Loft, renamed");
  });
});
