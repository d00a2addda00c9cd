import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

const { server } = setUpTestApp({
  config: { MAP_TILE_URL: "http://tiles.lan:8080/{z}/{x}/{y}.png" },
  withoutChangeFeed: true,
});
let c: HttpClient;

beforeAll(async () => {
  c = new HttpClient(server.baseUrl);
});

type Place = { name: string; area: string; latitude: number; longitude: number; kind: string };
const places = async (q: string) => {
  const response = await c.get(`/api/places?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return response.body.places as Place[];
};
const names = async (q: string) => (await places(q)).map((p) => p.name);

describe("GET /api/places", () => {
  it("finds London's boroughs and districts, signed out, from the bundled list", async () => {
    for (const area of ["Camden", "Kensington", "Shoreditch", "Westminster", "Islington", "Southwark", "Mayfair"]) {
      const [first] = await places(area);
      expect(first, area).toMatchObject({ name: area, area: "London", kind: "locality" });
      // Somewhere in Greater London.
      expect(first?.latitude).toBeGreaterThan(51.28);
      expect(first?.latitude).toBeLessThan(51.7);
      expect(first?.longitude).toBeGreaterThan(-0.52);
      expect(first?.longitude).toBeLessThan(0.34);
    }
    expect((await places("City of London"))[0]).toMatchObject({ name: "City of London", area: "London" });
  });

  it("finds UK towns outside London with their county or nation", async () => {
    expect((await places("Manchester"))[0]).toMatchObject({ name: "Manchester", area: "England", kind: "town" });
    expect((await places("Edinburgh"))[0]).toMatchObject({ name: "Edinburgh", area: "Scotland" });
    expect((await places("Oxford"))[0]).toMatchObject({ name: "Oxford", area: "Oxfordshire" });
    // Only the UK: Paris, Texas is not a UK place, and neither is Paris, France.
    expect(await names("Paris")).toEqual([]);
  });

  it("matches the start of words, ignoring case and accents, best match first", async () => {
    const cam = await names("Cam");
    expect(cam[0]).toBe("Camden");
    expect(cam).toContain("Cambridge");
    expect(cam.every((n) => n.split(/[\s-]/).some((w) => w.toLowerCase().startsWith("cam")))).toBe(true);
    expect(await names("cAMDEN")).toEqual(await names("Camden"));
    expect((await names("cámdén"))[0]).toBe("Camden");
    // A later word: "town" finds Camden Town; the apostrophe and hyphen do not matter.
    expect(await names("town")).toContain("Camden Town");
    expect((await names("kings cross"))[0]).toBe("King's Cross");
    expect((await names("stoke on trent"))[0]).toBe("Stoke-on-Trent");
    // Not inside a word: "den" does not find Camden.
    expect(await names("den")).not.toContain("Camden");
    // The exact name beats longer names that start with it.
    expect((await names("Richmond"))[0]).toBe("Richmond");
  });

  it("answers at most 8 places", async () => {
    const many = await places("B");
    expect(many).toHaveLength(8);
  });

  it("refuses a missing, blank or too long q, or an unknown parameter, with a 400", async () => {
    for (const path of [
      "/api/places",
      "/api/places?q=",
      "/api/places?q=%20%20",
      `/api/places?q=${"a".repeat(101)}`,
      "/api/places?q=Cam&country=fr",
    ]) {
      const response = await c.get(path);
      expect(response.status, path).toBe(400);
      expect(typeof response.body.message, path).toBe("string");
    }
    expect((await c.get(`/api/places?q=${"a".repeat(100)}`)).status).toBe(200);
  });

  it("answers an empty list for text with no letters or digits", async () => {
    expect(await names("'-")).toEqual([]);
  });
});

describe("map configuration", () => {
  it("gives the browser the tile URL and attribution, and allows the tile origin in the CSP", async () => {
    const response = await c.get("/api/config/map");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      tileUrl: "http://tiles.lan:8080/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
    });
    const csp = response.headers.get("content-security-policy") ?? "";
    const imgSrc = csp.split(";").find((d) => d.trim().startsWith("img-src")) ?? "";
    expect(imgSrc.split(/\s+/)).toContain("http://tiles.lan:8080");
  });
});
