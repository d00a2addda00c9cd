import type * as React from "react";
import type { ServerRenderedPage } from "@/app/routes";

// biome-ignore lint/suspicious/noExplicitAny: an island's props arrive as JSON written by the server beside it
type IslandEntry = { module: string; load: () => Promise<React.ComponentType<any>> };

/**
 * Every island by the name the server writes beside it (`defineIsland`), with its module (relative to client/, as
 * the islands' build names it: the server preloads it with the page, and the weight check counts it). An island's
 * module is named `*.island.tsx`, so a reader of a page can tell which of its parts run in the browser.
 */
export const ISLANDS = {
  "site-header": {
    module: "app/shell/site-header.island.tsx",
    load: () => import("@/app/shell/site-header.island").then((module) => module.SiteHeader),
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
} satisfies Record<string, IslandEntry>;
export type IslandName = keyof typeof ISLANDS;

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
};

/** The module that hydrates a page's islands, as the build's manifest names it. */
export const ISLANDS_START_MODULE = "app/islands/start.tsx";
