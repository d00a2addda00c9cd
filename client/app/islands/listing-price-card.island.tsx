import { PropertyPriceCard } from "@/features/properties/public/components/property-price-card";
import { defineIsland } from "@/lib/island";
import { withListing } from "./listing";

export const ListingPriceCard = withListing(PropertyPriceCard);
export const ListingPriceCardIsland = defineIsland("listing-price-card", ListingPriceCard);
