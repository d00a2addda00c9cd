/**
 * Sitemaps as search engines read them (sitemaps.org 0.9): one file holds at most 50,000 URLs, so a site with more
 * listings answers a sitemap index that points at several files. Pure text building; the route reads the listings.
 */

/** The most URLs one sitemap file may list. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Public pages every sitemap lists besides the listings: what a visitor can open without signing in. */
export const PUBLIC_PAGES = [
  "/",
  "/properties",
  "/experiences",
  "/partnerships",
  "/privacy",
  "/terms",
  "/cookies",
] as const;

export type SitemapEntry = { loc: string; lastmod?: string | undefined };

/**
 * How the site's URLs are split: everything in one file while it fits, else an index of the pages' file and
 * `listingFiles` files of listings, each full but the last.
 */
export type SitemapPlan = { kind: "single" } | { kind: "index"; listingFiles: number };

export function planSitemap(listingCount: number, limit: number = SITEMAP_URL_LIMIT): SitemapPlan {
  if (listingCount + PUBLIC_PAGES.length <= limit) return { kind: "single" };
  return { kind: "index", listingFiles: Math.ceil(listingCount / limit) };
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

export function urlsetXml(entries: readonly SitemapEntry[]): string {
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.map((e) => entryXml("url", e)).join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.map((e) => entryXml("sitemap", e)).join("\n")}\n</sitemapindex>\n`;
}

/**
 * robots.txt: crawl the public pages, not the signed-in areas or the API (they hold nothing to index and cost the
 * server), and find the listings through the sitemap.
 */
export function robotsTxt(publicUrl: string): string {
  const privateAreas = [
    "/api/",
    "/auth",
    "/dashboard",
    "/admin/",
    "/landlord/",
    "/landlord-pending",
    "/booking/",
    "/bookings",
    "/saved-properties",
    "/profile",
    "/verify-email",
    "/phone-verification",
    "/verification-status",
    "/dev/",
    "/*/manage",
  ];
  return [
    "User-agent: *",
    ...privateAreas.map((area) => `Disallow: ${area}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
