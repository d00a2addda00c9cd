import { ListingActions } from "@/app/islands/listing-actions.island";
import { formatPounds } from "@/lib/format";
import { hydrateIslands } from "../hydrate";
import { nearViewport } from "../near-viewport";
import { queryData } from "../query-data";
import { siteHeader } from "./site-header";

// The price card, the host and the reviews sit below the photos, on a phone below the first screen: they hydrate as
// the visitor comes to them (on a wide screen the card is near enough to come with the page). Save and Share are at
// the top, and read the query cache from the start.
void hydrateIslands(
  "listing",
  {
    "site-header": siteHeader,
    "listing-actions": () => ListingActions,
    "listing-price-card": nearViewport(() =>
      import("@/app/islands/listing-price-card.island").then((module) => module.ListingPriceCard),
    ),
    "listing-host-panel": nearViewport(() =>
      import("@/app/islands/listing-host-panel.island").then((module) => module.ListingHostPanel),
    ),
    "listing-reviews": nearViewport(() =>
      import("@/app/islands/listing-reviews.island").then((module) => module.ListingReviews),
    ),
  },
  { data: queryData, firstUses: [() => formatPounds(1)] },
);
