import { HeroSearchForm } from "@/features/search/components/hero-search.island";
import { formatPounds } from "@/lib/format";
import { hydrateIslands, queryDataWhenRead } from "../hydrate";
import { nearViewport } from "../near-viewport";
import type { PageFacts } from "../registry";
import { siteHeader } from "./site-header";

/**
 * Only a signed-in visitor (sent on to their dashboard) or one coming back from Google or Apple gives the sign-in
 * island anything to do; for anyone else it stays the nothing the server drew, and needs neither the session nor the
 * query cache.
 */
const signInHasWork = ({ signedIn }: PageFacts) =>
  signedIn || new URLSearchParams(window.location.search).get("auth") === "success";
const NothingToDo = () => null;

// The hero's search is all a phone shows at first: the featured homes and the budget search come near the screen
// later, with the query cache the featured homes read.
void hydrateIslands(
  "home",
  {
    "site-header": siteHeader,
    "home-auth": {
      load: (page) =>
        signInHasWork(page)
          ? import("@/features/auth/components/home-auth.island").then((module) => module.HomeAuthRedirect)
          : NothingToDo,
      readsData: signInHasWork,
    },
    "hero-search": { load: () => HeroSearchForm, readsData: () => false },
    "featured-properties": nearViewport(() =>
      import("@/app/islands/featured-properties.island").then((module) => module.FeaturedPropertiesWithSaving),
    ),
    "budget-search": nearViewport(
      () => import("@/features/search/components/budget-search.island").then((module) => module.BudgetSearch),
      { readsData: false },
    ),
  },
  { data: queryDataWhenRead, firstUses: [() => formatPounds(1)] },
);
