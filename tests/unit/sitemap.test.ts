import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES, planSitemap, robotsTxt, SITEMAP_URL_LIMIT, urlsetXml } from "../../server/lib/sitemap";

describe("splitting a sitemap", () => {
  it("keeps every URL in one file while pages and listings fit in 50,000", () => {
    expect(planSitemap(SITEMAP_URL_LIMIT - PUBLIC_PAGES.length)).toEqual({ kind: "single" });
  });

  it("answers an index of full listing files beyond that", () => {
    expect(planSitemap(SITEMAP_URL_LIMIT - PUBLIC_PAGES.length + 1)).toEqual({ kind: "index", listingFiles: 1 });
    expect(planSitemap(SITEMAP_URL_LIMIT)).toEqual({ kind: "index", listingFiles: 1 });
    expect(planSitemap(SITEMAP_URL_LIMIT + 1)).toEqual({ kind: "index", listingFiles: 2 });
    expect(planSitemap(120_000)).toEqual({ kind: "index", listingFiles: 3 });
  });
});

describe("sitemap text", () => {
  it("escapes what XML would read as markup in an address", () => {
    const xml = urlsetXml([{ loc: "https://example.com/property/a&b<c>", lastmod: "2026-11-25T10:00:00.000Z" }]);
    expect(xml).toContain("<loc>https://example.com/property/a&amp;b&lt;c&gt;</loc>");
    expect(xml).toContain("<lastmod>2026-11-25T10:00:00.000Z</lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("keeps crawlers out of the signed-in areas and the API, and names the sitemap", () => {
    const robots = robotsTxt("https://staylondon.example");
    for (const area of ["/api/", "/dashboard", "/admin/", "/auth", "/bookings"]) {
      expect(robots).toContain(`Disallow: ${area}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/properties\n|Disallow: \/property\//);
    expect(robots).toContain("Sitemap: https://staylondon.example/sitemap.xml");
  });
});
