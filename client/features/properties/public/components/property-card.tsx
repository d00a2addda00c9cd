import { ALL_IN_LABEL } from "@common/domain/all-in";
import { Button } from "@/components/ui/button";
import { SiteLink } from "@/components/ui/site-link";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds } from "@/lib/format";
import { PropertyCardSkeletonFrame } from "../../components/property-card-skeleton";
import { bedroomsLabel } from "../../utils/format-property";
import { VerifiedLabel } from "./property-badges";
import { PropertyCardFrame, type PropertyCardProps } from "./property-card-frame";

/** A listing as a card, as the home page and search results show it. */
export function PropertyCard({ property, priority = false, stayQuery = "" }: PropertyCardProps) {
  return (
    <PropertyCardFrame property={property} priority={priority} coverClassName="aspect-[4/3]">
      <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        <p>
          {property.city} · {bedroomsLabel(property.bedrooms)}
        </p>
        <VerifiedLabel verified={property.verified} />
      </div>
      <h3 className="mt-2 font-display text-xl leading-snug font-medium text-foreground">{property.title}</h3>
      <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-muted-foreground">{property.description}</p>
      <div className="mt-auto flex items-end justify-between gap-3 pt-5">
        <p className="tabular-nums">
          <span className="text-lg font-semibold text-foreground">{formatPounds(property.allInPricePerNight)}</span>
          <span className="text-sm text-muted-foreground"> per night {ALL_IN_LABEL}</span>
          <span className="block text-sm text-muted-foreground">{formatPounds(property.pricePerMonth)} per month</span>
        </p>
        <Button asChild size="sm" variant="outline">
          <SiteLink href={`/property/${property.id}${stayQuery}`} aria-label={`View Details: ${property.title}`}>
            View Details
          </SiteLink>
        </Button>
      </div>
    </PropertyCardFrame>
  );
}

export function PropertyCardSkeleton() {
  return (
    <PropertyCardSkeletonFrame coverClassName="aspect-[4/3]" data-testid="property-card-skeleton">
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-6 w-4/5" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
      <div className="flex items-end justify-between pt-3">
        <Skeleton className="h-10 w-28" />
        <Skeleton className="h-9 w-28 rounded-full" />
      </div>
    </PropertyCardSkeletonFrame>
  );
}
