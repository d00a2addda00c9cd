import type * as React from "react";
import type { ServerRenderedPage } from "@/app/routes";

/** What the page's own data says, for islands that fetch more code for some visitors. */
export type PageFacts = { signedIn: boolean };
/** How a bundle gets an island's component (after any code only some visitors need). */
// biome-ignore lint/suspicious/noExplicitAny: an island's props arrive as JSON written by the server beside it
export type IslandLoader = (page: PageFacts) => React.ComponentType<any> | Promise<React.ComponentType<any>>;
/**
 * How a bundle hydrates one of its islands, where a bare loader (the island with the page, inside the query cache)
 * is not enough: whether, for this visitor, the island
 * reads the page's query cache (it waits for the cache's code; the others do without it), and, for an island
 * hydrated later than the page (below the fold on a phone: `nearViewport`), when it starts.
 */
export type IslandPlan = {
  load: IslandLoader;
  readsData: (page: PageFacts) => boolean;
  later?: LaterHydration;
};
/** An island hydrated after the page: `start` is called once it is wanted; what the visitor did meanwhile is kept. */
export type LaterHydration = {
  whenWanted: (island: HTMLElement, start: () => unknown) => void;
  recordEarlyInput: (island: HTMLElement) => { stop: () => void; replay: () => void };
};

/**
 * Every island, by the name the server writes beside it (`defineIsland`). An island's module is named
 * `*.island.tsx`, so a reader of a page can tell which of its parts run in the browser.
 */
export const ISLAND_NAMES = [
  "site-header",
  "home-auth",
  "hero-search",
  "featured-properties",
  "budget-search",
  "experience-list",
  "browse-summary",
  "browse-filters",
  "browse-results",
  "listing-actions",
  "listing-price-card",
  "listing-host-panel",
  "listing-reviews",
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * The islands' scripts: one bundle per kind of page, holding all of that page's islands (relative to client/, as the
 * islands' build names them: the server preloads a page's bundle, and the weight check counts it). One script per
 * page, rather than one per island, spares a phone a request and a compression window for each island, and lets
 * the bundler keep together what a page always needs together. What the kinds of page share (React, the session,
 * the header) is still a file of its own, cached from one page to the next. Each bundle's start
 * (`bundles/*.tsx`) must hydrate exactly the islands named here: `hydrateIslands` checks it at compile time.
 */
export const ISLAND_BUNDLES = {
  header: { module: "app/islands/bundles/header.tsx", islands: ["site-header"] },
  home: {
    module: "app/islands/bundles/home.tsx",
    islands: ["site-header", "home-auth", "hero-search", "featured-properties", "budget-search"],
  },
  experiences: { module: "app/islands/bundles/experiences.tsx", islands: ["site-header", "experience-list"] },
  browse: {
    module: "app/islands/bundles/browse.tsx",
    islands: ["site-header", "browse-summary", "browse-filters", "browse-results"],
  },
  listing: {
    module: "app/islands/bundles/listing.tsx",
    islands: ["site-header", "listing-actions", "listing-price-card", "listing-host-panel", "listing-reviews"],
  },
} as const satisfies Record<string, { module: string; islands: readonly IslandName[] }>;
export type IslandBundleName = keyof typeof ISLAND_BUNDLES;
export type IslandsOf<B extends IslandBundleName> = (typeof ISLAND_BUNDLES)[B]["islands"][number];

/**
 * The public pages sent as finished HTML, with the bundle of islands each one carries: the browser runs those and
 * nothing else (no client router; links from these pages load the next page). The other server-drawn pages are
 * still taken over whole by the client app.
 */
export const ISLAND_PAGES: Partial<Record<ServerRenderedPage, IslandBundleName>> = {
  home: "home",
  experiences: "experiences",
  partnerships: "header",
  privacy: "header",
  terms: "header",
  cookies: "header",
  "not-found": "header",
  browse: "browse",
  property: "listing",
  "property-by-id": "listing",
};

/**
 * The bundle for the islands a page actually drew: the smallest that holds them all (declared first), so a listing
 * that does not exist, drawn with only its header, fetches the header's bundle and not the listing's.
 */
export function bundleFor(page: IslandBundleName, drawn: readonly string[]): IslandBundleName {
  const holdsAll = (name: IslandBundleName) =>
    drawn.every((island) => (ISLAND_BUNDLES[name].islands as readonly string[]).includes(island));
  return (Object.keys(ISLAND_BUNDLES) as IslandBundleName[]).find(holdsAll) ?? page;
}
