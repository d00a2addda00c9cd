import { ListingActions } from "@/app/islands/listing-actions.island";
import { ListingHostPanel } from "@/app/islands/listing-host-panel.island";
import { ListingPriceCard } from "@/app/islands/listing-price-card.island";
import { ListingReviews } from "@/app/islands/listing-reviews.island";
import { formatPounds } from "@/lib/format";
import { hydrateIslands } from "../hydrate";
import { queryData } from "../query-data";
import { siteHeader } from "./site-header";

void hydrateIslands(
  "listing",
  {
    "site-header": siteHeader,
    "listing-actions": () => ListingActions,
    "listing-price-card": () => ListingPriceCard,
    "listing-host-panel": () => ListingHostPanel,
    "listing-reviews": () => ListingReviews,
  },
  { data: queryData, firstUses: [() => formatPounds(1)] },
);
