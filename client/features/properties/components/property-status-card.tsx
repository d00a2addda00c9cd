import type { PropertyStatus } from "@common/domain/property-options";
import type { AdminPropertyStatus } from "@common/schemas/admin-properties";
import { MapPin } from "lucide-react";
import type * as React from "react";
import { PropertyImage } from "@/components/ui/property-image";
import { PropertyStatusBadge } from "@/components/ui/property-status-badge";
import { Skeleton } from "@/components/ui/skeleton";
import { PropertyCardSkeletonFrame } from "./property-card-skeleton";

/**
 * The card of a listing for those who run it (My Properties, Property Management): the cover with its status, then
 * where it is, its title and price; the page adds its own facts and buttons below.
 */
export function PropertyStatusCard({
  property,
  headingId,
  cover,
  coverAlt,
  coverClassName,
  className = "flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft",
  price,
  children,
}: {
  property: { id: number; city: string; title: string; status: PropertyStatus | AdminPropertyStatus };
  headingId: string;
  cover: string | undefined;
  coverAlt: string;
  /** The photo's aspect ratio. */
  coverClassName: string;
  className?: string;
  /** What follows the title on the price line. */
  price: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <article aria-labelledby={headingId} data-property-id={property.id} className={className}>
      <div className={`relative ${coverClassName} overflow-hidden`}>
        <PropertyImage src={cover} alt={coverAlt} />
        <PropertyStatusBadge status={property.status} className="absolute top-3 left-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
          {property.city}
        </p>
        <h3 id={headingId} className="mt-1.5 font-display text-xl leading-snug font-medium break-words">
          {property.title}
        </h3>
        <p className="mt-2 tabular-nums">{price}</p>
        {children}
      </div>
    </article>
  );
}

/** The card's placeholder while the list loads: the cover, where and title; the page adds the rest. */
export function PropertyStatusCardSkeleton({
  coverClassName,
  children,
}: {
  coverClassName: string;
  children: React.ReactNode;
}) {
  return (
    <PropertyCardSkeletonFrame coverClassName={coverClassName}>
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-6 w-4/5" />
      {children}
    </PropertyCardSkeletonFrame>
  );
}
