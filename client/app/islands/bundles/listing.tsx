import { SignedOutListingActions } from "@/app/islands/signed-out-listing-actions";
import { formatPounds } from "@/lib/format";
import { hydrateIslands, queryDataWhenRead } from "../hydrate";
import { nearViewport } from "../near-viewport";
import { siteHeader } from "./site-header";

// The price card, the host and the reviews sit below the photos, on a phone below the first screen: they hydrate as
// the visitor comes to them (on a wide screen the card is near enough to come with the page), with the query cache.
// Save and Share are at the top and hydrate with the page: for a signed-in visitor with the saved list, through the
// query cache; for a signed-out one, Save only asks them to sign in, which needs neither.
void hydrateIslands(
  "listing",
  {
    "site-header": siteHeader,
    "listing-actions": {
      load: ({ signedIn }) =>
        signedIn
          ? import("@/app/islands/listing-actions.island").then((module) => module.ListingActions)
          : SignedOutListingActions,
      readsData: ({ signedIn }) => signedIn,
    },
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
  { data: queryDataWhenRead, firstUses: [() => formatPounds(1)] },
);
