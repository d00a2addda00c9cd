import type { TPropertyDetail } from "@common/schemas/properties";
import type * as React from "react";
import { useProperty } from "@/features/properties/public/api/get-property";

/**
 * A part of the listing page that runs in the browser, given the listing by its address (`propertyRef`, a number or
 * a slug) rather than in its props: the listing is already in the page's query cache, and the page writes an
 * island's props out in full, so passing it would send it once more for every part.
 */
export function withListing<P extends { property: TPropertyDetail }>(Part: React.ComponentType<P>) {
  function ListingPart({ propertyRef, ...props }: Omit<P, "property"> & { propertyRef: string }) {
    const property = useProperty(propertyRef).data;
    // The rest of the props are P without the listing, which this puts back.
    return property ? <Part {...({ ...props, property } as unknown as P)} /> : null;
  }
  ListingPart.displayName = `Listing(${Part.displayName ?? Part.name})`;
  return ListingPart;
}
