import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { properties } from "../../server/db/schema";
import { createProperty } from "../factories";
import { setUpTestApp } from "../support/test-context";

/** Search engines find every listed property, and only those, through /sitemap.xml. */
const { t, server } = setUpTestApp({ withoutChangeFeed: true, config: { publicUrl: "https://staylondon.example" } });

const fetchText = async (path: string) => {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("GET /sitemap.xml", () => {
  it("lists the public pages and exactly the active listings; a deactivated listing drops out", async () => {
    const a = await createProperty(t.db, { slug: "sitemap-riverside-loft" });
    const b = await createProperty(t.db, { slug: "sitemap-mews-house" });
    await createProperty(t.db, { slug: "sitemap-closed-flat", isActive: false });

    const first = await fetchText("/sitemap.xml");
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^application\/xml/);
    expect(locs(first.body).sort()).toEqual(
      [
        "https://staylondon.example/",
        "https://staylondon.example/properties",
        "https://staylondon.example/experiences",
        "https://staylondon.example/partnerships",
        "https://staylondon.example/privacy",
        "https://staylondon.example/terms",
        "https://staylondon.example/cookies",
        `https://staylondon.example/property/${a.slug}`,
        `https://staylondon.example/property/${b.slug}`,
      ].sort(),
    );

    await t.db.update(properties).set({ isActive: false }).where(eq(properties.id, a.id));
    expect(locs((await fetchText("/sitemap.xml")).body)).not.toContain(`https://staylondon.example/property/${a.slug}`);
  });

  it("has no listing files while everything fits in one, and refuses a file number that is not one", async () => {
    expect((await fetchText("/sitemaps/listings-1.xml")).status).toBe(404);
    const bad = await fetchText("/sitemaps/listings-x.xml");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toMatch(/File must be a number/);
    expect(locs((await fetchText("/sitemaps/pages.xml")).body)).toContain("https://staylondon.example/experiences");
  });
});

describe("GET /robots.txt", () => {
  it("is plain text that points crawlers at the sitemap", async () => {
    const robots = await fetchText("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    expect(robots.body).toContain("Sitemap: https://staylondon.example/sitemap.xml");
    expect(robots.body).toContain("Disallow: /api/");
  });
});
