import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZMapPinsResponse } from "../../common/schemas/map-search";
import { ZPropertySearchResponse } from "../../common/schemas/properties";
import { createProperty, createUser } from "../factories";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();
const get = (path: string) => fetch(`${server.baseUrl}${path}`);

/** Camden Town and Kentish Town, with room to spare; Westminster and Hackney are well outside. */
const CAMDEN = "-0.1650,51.5300,-0.1250,51.5560";

const ids: Record<string, number> = {};

beforeAll(async () => {
  const owner = await createUser(t.db, { role: "landlord" });
  const listing = async (slug: string, fields: Parameters<typeof createProperty>[1]) => {
    ids[slug] = (await createProperty(t.db, { ownerId: owner.id, slug, title: slug, ...fields })).id;
  };
  await listing("camden-lock-loft", { city: "Camden", latitude: 51.5413, longitude: -0.1466, pricePerNight: "200.00" });
  await listing("kentish-town-flat", {
    city: "Camden",
    latitude: 51.5502,
    longitude: -0.1405,
    pricePerNight: "120.00",
  });
  await listing("soho-studio", { city: "Westminster", latitude: 51.5136, longitude: -0.1365, pricePerNight: "180.00" });
  await listing("hackney-house", { city: "Hackney", latitude: 51.545, longitude: -0.0553, pricePerNight: "150.00" });
  // In Camden's box but closed to search, and one with no place on the map at all.
  await listing("camden-closed", { city: "Camden", latitude: 51.54, longitude: -0.14, isActive: false });
  await listing("camden-unplaced", { city: "Camden", latitude: null, longitude: null });
});

describe("searching the map's visible area", () => {
  it("a Camden box returns only the Camden listings, with their coordinates for pins", async () => {
    const response = await get(`/api/properties?bbox=${CAMDEN}`);
    expect(response.status).toBe(200);
    const cards = ZPropertySearchResponse.parse(await response.json());
    expect(cards.map((c) => c.slug).sort()).toEqual(["camden-lock-loft", "kentish-town-flat"]);
    expect(cards.find((c) => c.slug === "camden-lock-loft")).toMatchObject({ latitude: 51.5413, longitude: -0.1466 });
    expect(response.headers.get("x-total-count")).toBe("2");
  });

  it("the map read answers every pin in the box with its all-in price in pence", async () => {
    const response = await get(`/api/properties/map?bbox=${CAMDEN}`);
    expect(response.status).toBe(200);
    const body = ZMapPinsResponse.parse(await response.json());
    expect(body.capped).toBe(false);
    const byId = new Map(body.pins.map((pin) => [pin[0], pin]));
    expect([...byId.keys()].sort()).toEqual([ids["camden-lock-loft"], ids["kentish-town-flat"]].sort());
    // £200 a night plus the 10% service fee.
    expect(byId.get(ids["camden-lock-loft"] as number)).toEqual([
      ids["camden-lock-loft"],
      51.5413,
      -0.1466,
      22000,
      "camden-lock-loft",
    ]);
  });

  it("the map keeps the search's other filters", async () => {
    const body = ZMapPinsResponse.parse(await (await get(`/api/properties/map?bbox=${CAMDEN}&maxPrice=150`)).json());
    expect(body.pins.map((pin) => pin[0])).toEqual([ids["kentish-town-flat"]]);
  });

  it("a box over all of London holds all four placed, open listings", async () => {
    const body = ZMapPinsResponse.parse(await (await get("/api/properties/map?bbox=-0.5,51.3,0.3,51.7")).json());
    expect(body.pins).toHaveLength(4);
  });

  it.each([
    ["bbox=-0.1,51.6,0.1,51.5", /south must not be above north/],
    ["bbox=179,51,-179,52", /antimeridian/],
    ["bbox=-60,10,60,70", /at most 40 degrees wide and 25 tall/],
    ["bbox=west,south,east,north", /four decimal numbers/],
    ["bbox=-0.1,51.5,0.1", /four decimal numbers/],
    ["bbox=-0.1,51.5,0.1,51.6,2", /four decimal numbers/],
    ["bbox=NaN,51.5,0.1,51.6", /four decimal numbers/],
    ["bbox=1e2,51.5,0.1,51.6", /four decimal numbers/],
    ["bbox=-0.1,-91,0.1,51.6", /latitudes must be between -90 and 90/],
    ["bbox=-181,51.5,0.1,51.6", /longitudes must be between -180 and 180/],
  ])("refuses %s with a 400 that says why, on the list and on the map", async (query, message) => {
    for (const path of [`/api/properties?${query}`, `/api/properties/map?${query}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });

  it("the map needs a box, and takes no paging or order", async () => {
    for (const [query, message] of [
      ["", /bbox/],
      [`bbox=${CAMDEN}&page=2`, /Unknown query parameter: page/],
      [`bbox=${CAMDEN}&sort=price_asc`, /Unknown query parameter: sort/],
    ] as const) {
      const response = await get(`/api/properties/map?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });

  it("is answered from the GiST index on the listing's point", async () => {
    await t.db.execute(sql`analyze properties`);
    await t.db.execute(sql`set enable_seqscan = off`);
    const plan = await t.db.execute<{ "QUERY PLAN": string }>(
      sql`explain select id from properties
           where is_active and point(longitude, latitude) <@ box(point(-0.165, 51.53), point(-0.125, 51.556))`,
    );
    await t.db.execute(sql`reset enable_seqscan`);
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/properties_location_gist_idx/);
  });
});
