import { BrowseFilters } from "@/app/islands/browse-filters.island";
import { BrowseStaySummary } from "@/app/islands/browse-summary.island";
import { formatPounds } from "@/lib/format";
import { onPageSearchChange } from "@/lib/page-search";
import { hydrateIslands, queryDataWhenRead } from "../hydrate";
import { nearViewport } from "../near-viewport";
import { siteHeader } from "./site-header";

// The stay under the heading and the filters hydrate with the page; they read no data. The results (and the map)
// follow on a phone's first screen only after the filters: they hydrate, with the query cache, as the visitor comes
// near them (on a wide screen, with the page), or as soon as the filters change the search, so the list answers.
void hydrateIslands(
  "browse",
  {
    "site-header": siteHeader,
    "browse-summary": { load: () => BrowseStaySummary, readsData: () => false },
    "browse-filters": { load: () => BrowseFilters, readsData: () => false },
    "browse-results": nearViewport(
      () => import("@/app/islands/browse-results.island").then((module) => module.BrowseResultsWithSaving),
      { orWhen: onPageSearchChange },
    ),
  },
  { data: queryDataWhenRead, firstUses: [() => formatPounds(1)] },
);
