import type { TMyProperty } from "@common/schemas/landlord-properties";
import { BedDouble, CalendarCheck, Hourglass, Star, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { LinkButton } from "@/components/ui/link-button";
import { ShortLetCount } from "@/components/ui/short-let-count";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds, formatRating, pluralize } from "@/lib/format";
import { PropertyStatusCard, PropertyStatusCardSkeleton } from "../../components/property-status-card";
import { bedroomsLabel } from "../../utils/format-property";

/** One property card. */
export function MyPropertiesCard({ property }: { property: TMyProperty }) {
  const rated = property.reviewCount > 0;
  return (
    <PropertyStatusCard
      property={property}
      headingId={`my-property-${property.id}-title`}
      cover={property.images[0]}
      coverAlt={property.title}
      coverClassName="aspect-[4/3]"
      price={
        <>
          <span className="text-lg font-semibold">{formatPounds(property.pricePerNight)}</span>
          <span className="text-sm text-muted-foreground"> per night</span>
        </>
      }
    >
      <ul className="mt-4 grid gap-2 text-sm text-muted-foreground">
        <li className="flex items-center gap-2">
          <Star aria-hidden="true" className="size-4 shrink-0 fill-brass-500 text-brass-500" />
          {rated ? (
            <span>
              <span className="font-medium text-foreground">{formatRating(property.rating)}</span> rating ·{" "}
              {pluralize(property.reviewCount, "review")}
            </span>
          ) : (
            <span>No reviews yet</span>
          )}
        </li>
        <li className="flex items-center gap-2">
          <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
          <span>{pluralize(property.bookingCount, "booking")}</span>
        </li>
        <li className="flex items-center gap-2">
          <BedDouble aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
          <span>
            {bedroomsLabel(property.bedrooms)}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            <UsersRound aria-hidden="true" className="mr-1 inline size-4 align-[-3px] text-brass-700" />
            up to {pluralize(property.maxGuests, "guest")}
          </span>
        </li>
      </ul>
      <ShortLetCount count={property.shortLets} className="mt-4" />
      {property.pendingCount > 0 ? (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-warning-soft px-3 py-2 text-sm text-warning">
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          <Link to="/landlord/bookings" className="font-medium underline underline-offset-4">
            {pluralize(property.pendingCount, "request")} awaiting your answer
          </Link>
        </p>
      ) : null}
      <div className="mt-auto flex pt-5">
        <LinkButton
          to={`/properties/${property.id}/manage`}
          aria-label={`Manage Property: ${property.title}`}
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
        >
          Manage Property
        </LinkButton>
      </div>
    </PropertyStatusCard>
  );
}

export function MyPropertiesCardSkeleton() {
  return (
    <PropertyStatusCardSkeleton coverClassName="aspect-[4/3]">
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-9 w-36 rounded-full" />
    </PropertyStatusCardSkeleton>
  );
}
