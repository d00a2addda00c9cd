import type * as React from "react";
import type { ServerRenderedPage } from "@/app/routes";

// biome-ignore lint/suspicious/noExplicitAny: an island's props arrive as JSON written by the server beside it
type IslandEntry = { module: string; load: (page: PageFacts) => Promise<React.ComponentType<any>> };
/** What the page's own data says, for islands that fetch more code for some visitors. */
export type PageFacts = { signedIn: boolean };

/**
 * Every island by the name the server writes beside it (`defineIsland`), with its module (relative to client/, as
 * the islands' build names it: the server preloads it with the page, and the weight check counts it). An island's
 * module is named `*.island.tsx`, so a reader of a page can tell which of its parts run in the browser.
 */
export const ISLANDS = {
  "site-header": {
    module: "app/shell/site-header.island.tsx",
    // A signed-in visitor's avatar menu is drawn in the page: its code comes before the header hydrates.
    load: async ({ signedIn }) => {
      const header = await import("@/app/shell/site-header.island");
      if (signedIn) await header.loadUserMenu();
      return header.SiteHeader;
    },
  },
  "home-auth": {
    module: "features/auth/components/home-auth.island.tsx",
    load: () => import("@/features/auth/components/home-auth.island").then((module) => module.HomeAuthRedirect),
  },
  "hero-search": {
    module: "features/search/components/hero-search.island.tsx",
    load: () => import("@/features/search/components/hero-search.island").then((module) => module.HeroSearchForm),
  },
  "featured-properties": {
    module: "app/islands/featured-properties.island.tsx",
    load: () => import("./featured-properties.island").then((module) => module.FeaturedPropertiesWithSaving),
  },
  "budget-search": {
    module: "features/search/components/budget-search.island.tsx",
    load: () => import("@/features/search/components/budget-search.island").then((module) => module.BudgetSearch),
  },
  "experience-list": {
    module: "features/marketing/components/experience-list.island.tsx",
    load: () =>
      import("@/features/marketing/components/experience-list.island").then((module) => module.ExperienceList),
  },
  browse: {
    module: "app/islands/browse.island.tsx",
    load: () => import("./browse.island").then((module) => module.BrowsePropertiesWithSaving),
  },
  "listing-actions": {
    module: "app/islands/listing-actions.island.tsx",
    load: () => import("./listing-actions.island").then((module) => module.ListingActions),
  },
  "listing-price-card": {
    module: "app/islands/listing-price-card.island.tsx",
    load: () => import("./listing-price-card.island").then((module) => module.ListingPriceCard),
  },
  "listing-host-panel": {
    module: "app/islands/listing-host-panel.island.tsx",
    load: () => import("./listing-host-panel.island").then((module) => module.ListingHostPanel),
  },
  "listing-reviews": {
    module: "app/islands/listing-reviews.island.tsx",
    load: () => import("./listing-reviews.island").then((module) => module.ListingReviews),
  },
} satisfies Record<string, IslandEntry>;
export type IslandName = keyof typeof ISLANDS;

const LISTING_ISLANDS = [
  "site-header",
  "listing-actions",
  "listing-price-card",
  "listing-host-panel",
  "listing-reviews",
] as const satisfies readonly IslandName[];

/**
 * The public pages sent as finished HTML, with the islands each one carries: the browser runs those and nothing
 * else (no client router; links from these pages load the next page). The other server-drawn pages are still
 * taken over whole by the client app.
 */
export const ISLAND_PAGES: Partial<Record<ServerRenderedPage, readonly IslandName[]>> = {
  home: ["site-header", "home-auth", "hero-search", "featured-properties", "budget-search"],
  experiences: ["site-header", "experience-list"],
  partnerships: ["site-header"],
  privacy: ["site-header"],
  terms: ["site-header"],
  cookies: ["site-header"],
  "not-found": ["site-header"],
  browse: ["site-header", "browse"],
  property: LISTING_ISLANDS,
  "property-by-id": LISTING_ISLANDS,
};

/** The module that hydrates a page's islands, as the build's manifest names it. */
export const ISLANDS_START_MODULE = "app/islands/start.tsx";
