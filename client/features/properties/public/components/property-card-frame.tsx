import type { TPropertySummary } from "@common/schemas/properties";
import type * as React from "react";
import { FavouriteButton } from "./favourite-button";
import { PropertyCover } from "./property-image";

/** What the home page's and the browse page's property cards are given. */
export type PropertyCardProps = {
  property: TPropertySummary;
  priority?: boolean;
  /** "?checkIn=…&checkOut=…&guests=…" when the card answers a search for dates: the detail page prices that stay. */
  stayQuery?: string;
};

/** A property card's frame: the cover photo with the heart, then the card's own body. */
export function PropertyCardFrame({
  property,
  priority = false,
  coverClassName,
  children,
}: {
  property: TPropertySummary;
  priority?: boolean;
  /** The photo's aspect ratio. */
  coverClassName: string;
  children: React.ReactNode;
}) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft transition-shadow duration-300 hover:shadow-lift">
      <PropertyCover property={property} priority={priority} className={coverClassName}>
        <FavouriteButton propertyId={property.id} title={property.title} className="absolute top-3 right-3" />
      </PropertyCover>
      <div className="flex flex-1 flex-col p-5">{children}</div>
    </article>
  );
}
