import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, users } from "../../server/db/schema";
import { createProperty, createUser } from "../factories";
import { startTestServer } from "../support/app";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();
const get = (path: string, init?: RequestInit) => fetch(`${server.baseUrl}${path}`, init);

beforeAll(async () => {
  const owner = await createUser(t.db, { role: "landlord", firstName: "Harriet" });
  const listing = (fields: Parameters<typeof createProperty>[1]) =>
    createProperty(t.db, { ownerId: owner.id, ...fields });
  await listing({
    slug: "camden-canal-loft",
    title: "Canal Loft",
    city: "Camden",
    pricePerNight: "180.00",
    rating: "4.80",
    photos: ["/media/demo/a.webp", "/media/demo/b.webp"],
  });
  await listing({
    slug: "camden-budget-room",
    title: "Budget Room",
    city: "Camden",
    pricePerNight: "95.00",
    rating: "4.10",
  });
  await listing({
    slug: "mayfair-penthouse",
    title: "Mayfair Penthouse",
    city: "Westminster",
    pricePerNight: "1250.00",
    rating: "4.95",
    description: "A penthouse with a roof terrace over Green Park and a private lift.",
  });
  await listing({
    slug: "westminster-river-flat",
    title: "River Flat",
    city: "Westminster",
    pricePerNight: "300.00",
    rating: "4.50",
    underMaintenance: true,
  });
  await listing({
    slug: "bath-crescent-house",
    title: "Crescent House",
    city: "Bath",
    region: "Bath",
    pricePerNight: "240.00",
    rating: "4.70",
  });
  await listing({
    slug: "hidden-hackney-flat",
    title: "Hidden Flat",
    city: "Hackney",
    pricePerNight: "120.00",
    isActive: false,
  });
  await listing({
    slug: "percent-sign-flat",
    title: "The 100% Flat",
    city: "Islington",
    pricePerNight: "200.00",
    rating: "3.00",
  });
});

type Summary = {
  slug: string;
  title: string;
  city: string;
  pricePerNight: string;
  allInPricePerNight: string;
  status: string;
  images: string[];
};
async function search(query: string): Promise<{ status: number; total: number; items: Summary[] }> {
  const response = await get(`/api/properties${query}`);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return {
    status: response.status,
    total: Number(response.headers.get("x-total-count")),
    items: (await response.json()) as Summary[],
  };
}

describe("GET /api/properties", () => {
  it("lists active listings best rated first, with the total in X-Total-Count", async () => {
    const { status, total, items } = await search("");
    expect(status).toBe(200);
    expect(total).toBe(6);
    expect(items.map((p) => p.slug)).toEqual([
      "mayfair-penthouse",
      "camden-canal-loft",
      "bath-crescent-house",
      "westminster-river-flat",
      "camden-budget-room",
      "percent-sign-flat",
    ]);
    expect(items.some((p) => p.slug === "hidden-hackney-flat")).toBe(false);
  });

  it("matches the city as a case-insensitive part of the borough, town or region", async () => {
    expect((await search("?city=CAMD")).items.map((p) => p.slug).sort()).toEqual([
      "camden-budget-room",
      "camden-canal-loft",
    ]);
    expect((await search("?city=london")).total).toBe(5);
    expect((await search("?city=bath")).items.map((p) => p.slug)).toEqual(["bath-crescent-house"]);
  });

  it("keeps listings whose all-in price per night, fees included, is at or below maxPrice", async () => {
    // £180 a night is £198.00 with the service fee: in at 198, out at 197.99.
    const { items } = await search("?maxPrice=198");
    expect(items.map((p) => p.slug).sort()).toEqual(["camden-budget-room", "camden-canal-loft"]);
    expect(items.every((p) => Number(p.allInPricePerNight) <= 198)).toBe(true);
    expect((await search("?maxPrice=197.99")).items.map((p) => p.slug)).toEqual(["camden-budget-room"]);
  });

  it("leaves out a listing under maxPrice before fees but over it after them", async () => {
    // The Canal Loft's £180 is at the limit before fees, £198.00 after: the guest would pay more than they asked for.
    const { items, total } = await search("?maxPrice=180");
    expect(items.map((p) => p.slug)).toEqual(["camden-budget-room"]);
    expect(total).toBe(1);
  });

  it("matches text in the title or the description, and treats % and _ literally", async () => {
    expect((await search("?q=PENTHOUSE")).items.map((p) => p.slug)).toEqual(["mayfair-penthouse"]);
    expect((await search("?q=green%20park")).items.map((p) => p.slug)).toEqual(["mayfair-penthouse"]);
    expect((await search("?q=100%25")).items.map((p) => p.slug)).toEqual(["percent-sign-flat"]);
    expect((await search("?q=%25")).items.map((p) => p.slug)).toEqual(["percent-sign-flat"]);
    expect((await search("?q=_")).total).toBe(0);
  });

  it("combines filters and pages through the results", async () => {
    // The Budget Room's £95 is £104.50 with the fee.
    expect((await search("?city=camden&maxPrice=105")).items.map((p) => p.slug)).toEqual(["camden-budget-room"]);
    expect((await search("?city=camden&maxPrice=100")).items).toEqual([]);
    const first = await search("?pageSize=2&page=1");
    const second = await search("?pageSize=2&page=2");
    const beyond = await search("?pageSize=2&page=9");
    expect(first.items).toHaveLength(2);
    expect(second.items[0]?.slug).toBe("bath-crescent-house");
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(6);
  });

  it("sorts by the all-in price shown when asked", async () => {
    const { items } = await search("?sort=price_asc");
    expect(items.map((p) => p.allInPricePerNight)).toEqual([
      "104.50",
      "198.00",
      "220.00",
      "264.00",
      "330.00",
      "1375.00",
    ]);
    const dearestFirst = await search("?sort=price_desc");
    expect(dearestFirst.items.map((p) => p.allInPricePerNight)).toEqual([
      "1375.00",
      "330.00",
      "264.00",
      "220.00",
      "198.00",
      "104.50",
    ]);
  });

  it("returns photos main first, the public status, and no private fields", async () => {
    const { items } = await search("?city=camden");
    const loft = items.find((p) => p.slug === "camden-canal-loft");
    expect(loft?.images).toEqual(["/media/demo/a.webp", "/media/demo/b.webp"]);
    expect(loft?.status).toBe("active");
    expect(loft).not.toHaveProperty("ownerId");
    expect(items.find((p) => p.slug === "camden-budget-room")?.images).toEqual([]);
    expect((await search("?city=westminster")).items.find((p) => p.slug === "westminster-river-flat")?.status).toBe(
      "maintenance",
    );
  });

  it("shows a change at once, although results are cached", async () => {
    expect((await search("?city=greenwich")).total).toBe(0);
    const created = await createProperty(t.db, { slug: "greenwich-observatory-flat", city: "Greenwich" });
    await expect.poll(async () => (await search("?city=greenwich")).total, { timeout: 2000 }).toBe(1);
    await t.db.update(properties).set({ isActive: false }).where(eq(properties.id, created.id));
    await expect.poll(async () => (await search("?city=greenwich")).total, { timeout: 2000 }).toBe(0);
  });

  it("answers a signed-in visitor's search without reading their session", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.db.update(users).set({ lastSeenAt: anHourAgo }).where(eq(users.id, user.id));
    const lastSeen = async () =>
      (await t.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, user.id)))[0]?.at;

    const signedIn = await client.get("/api/properties?city=camden");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual((await get("/api/properties?city=camden").then((r) => r.json())) as object);
    // A session read would have marked them seen (it does so at most every ten minutes).
    expect(await lastSeen()).toEqual(anHourAgo);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await lastSeen())?.getTime()).toBeGreaterThan(anHourAgo.getTime());
  });

  it("answers the same without the change feed, matching places row by row", async () => {
    const plain = await startTestServer(t.db, t.url, { SEARCH_CACHE: false }, { withoutChangeFeed: true });
    try {
      for (const query of [
        "?city=CAMD",
        "?city=london&maxPrice=300",
        "?city=n%20L",
        "?city=nowhere",
        "?city=bath&sort=price_asc",
      ]) {
        const viaPlaces = await search(query);
        const response = await fetch(`${plain.baseUrl}/api/properties${query}`);
        expect(await response.json(), query).toEqual(viaPlaces.items);
        expect(response.headers.get("x-total-count"), query).toBe(String(viaPlaces.total));
      }
    } finally {
      await plain.close();
    }
  });

  it.each([
    ["?maxPrice=cheap", /maxPrice must be a number/],
    ["?maxPrice=-5", /maxPrice must be 0 or more/],
    ["?maxPrice=1e12", /maxPrice must be at most/],
    ["?page=0", /page must be 1 or more/],
    ["?pageSize=1000", /pageSize must be at most 100/],
    ["?sort=cheapest", /sort must be one of/],
    [`?city=${"x".repeat(101)}`, /city must be at most 100 characters/],
    [`?q=${"y".repeat(201)}`, /q must be at most 200 characters/],
    ["?colour=blue", /Unknown query parameter: colour/],
  ])("answers %s with a 400 that says what is wrong", async (query, message) => {
    const response = await get(`/api/properties${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(message);
  });
});

describe("GET /api/properties/{id}", () => {
  it("finds a listing by slug and by id, with its host's first name only", async () => {
    const bySlug = await get("/api/properties/camden-canal-loft");
    expect(bySlug.status).toBe(200);
    const detail = (await bySlug.json()) as {
      id: number;
      title: string;
      host: Record<string, unknown>;
      photos: unknown[];
    };
    expect(detail.title).toBe("Canal Loft");
    expect(detail.host).toEqual({ id: expect.any(Number), firstName: "Harriet" });
    expect(detail.photos).toHaveLength(2);
    const byId = await get(`/api/properties/${detail.id}`);
    expect(((await byId.json()) as { title: string }).title).toBe("Canal Loft");
  });

  it.each(["999999", "99999999999999999999", "no-such-place", "hidden-hackney-flat"])(
    "answers %s with a 404 'Property not found'",
    async (ref) => {
      const response = await get(`/api/properties/${ref}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Property not found" });
    },
  );

  it.each(["%3Cscript%3E", "Camden_Loft", "-1", "a--b"])("answers the malformed id %s with a 400", async (ref) => {
    const response = await get(`/api/properties/${ref}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/must be a number or a slug/);
  });
});

describe("the HTTP layer", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const response = await get("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such endpoint: GET /api/no-such-thing" });
  });

  it("says it is alive, and ready with its database migrated and its change feed listening", async () => {
    const alive = await get("/healthz");
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "up", migrations: "applied", changeFeed: "listening" },
    });
  });

  it("sends security headers and compresses large responses", async () => {
    const response = await get("/api/properties", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });
});
