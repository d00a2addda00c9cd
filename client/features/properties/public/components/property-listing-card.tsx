import { ALL_IN_LABEL } from "@common/domain/all-in";
import { Bath, BedDouble, MapPin, Ruler } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { SiteLink } from "@/components/ui/site-link";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import { PropertyCardSkeletonFrame } from "../../components/property-card-skeleton";
import { bedroomsLabel } from "../../utils/format-property";
import { VerifiedLabel } from "./property-badges";
import { PropertyCardFrame, type PropertyCardProps } from "./property-card-frame";

/** Only a flexible search's cards show a stay, so it loads with the first of them. */
const StayWindowNote = lazy(() => import("./stay-window-note"));

/** Browse page card. */
export function PropertyListingCard({ property, priority = false, stayQuery = "" }: PropertyCardProps) {
  return (
    <PropertyCardFrame property={property} priority={priority} coverClassName="aspect-[3/2]">
      <h3 className="font-display text-xl leading-snug font-medium">{property.title}</h3>
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
          {property.city}
        </p>
        <VerifiedLabel verified={property.verified} />
      </div>
      <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{property.description}</p>
      <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 border-t border-border pt-4 text-sm text-foreground">
        <li className="flex items-center gap-1.5">
          <BedDouble aria-hidden="true" className="size-4 text-muted-foreground" />
          {bedroomsLabel(property.bedrooms, "bed")}
        </li>
        <li className="flex items-center gap-1.5">
          <Bath aria-hidden="true" className="size-4 text-muted-foreground" />
          {pluralize(property.bathrooms, "bath")}
        </li>
        {property.squareFeet ? (
          <li className="flex items-center gap-1.5">
            <Ruler aria-hidden="true" className="size-4 text-muted-foreground" />
            {formatInteger(property.squareFeet)} sq ft
          </li>
        ) : null}
      </ul>
      {property.window ? (
        <Suspense fallback={null}>
          <StayWindowNote window={property.window} />
        </Suspense>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
        <p className="tabular-nums">
          <span className="text-lg font-semibold">{formatPounds(property.allInPricePerNight)}</span>
          <span className="text-sm text-muted-foreground"> per night {ALL_IN_LABEL}</span>
        </p>
        <Button asChild size="sm">
          <SiteLink href={`/property/${property.id}${stayQuery}`} aria-label={`View Details & Book: ${property.title}`}>
            View Details &amp; Book
          </SiteLink>
        </Button>
      </div>
    </PropertyCardFrame>
  );
}

export function PropertyListingCardSkeleton() {
  return (
    <PropertyCardSkeletonFrame coverClassName="aspect-[3/2]">
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <div className="flex gap-4 border-t border-border pt-4">
        <Skeleton className="h-4 w-14" />
        <Skeleton className="h-4 w-14" />
        <Skeleton className="h-4 w-20" />
      </div>
      <div className="flex items-center justify-between pt-2">
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-9 w-40 rounded-full" />
      </div>
    </PropertyCardSkeletonFrame>
  );
}
