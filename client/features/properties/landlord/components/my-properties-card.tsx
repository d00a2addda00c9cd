import type { TMyProperty } from "@common/schemas/landlord-properties";
import { BedDouble, CalendarCheck, Hourglass, MapPin, Star, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PropertyImage } from "@/components/ui/property-image";
import { ShortLetCount } from "@/components/ui/short-let-count";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds, formatRating, pluralize } from "@/lib/format";

/** The listing's status as guests meet it; anything but active is shown plainly. */
const STATUS_BADGES: Record<TMyProperty["status"], { label: string; variant: "success" | "secondary" | "warning" }> = {
  active: { label: "Active", variant: "success" },
  inactive: { label: "Inactive", variant: "secondary" },
  maintenance: { label: "Under Maintenance", variant: "warning" },
};

/** One property card. */
export function MyPropertiesCard({ property }: { property: TMyProperty }) {
  const status = STATUS_BADGES[property.status];
  const headingId = `my-property-${property.id}-title`;
  const rated = property.reviewCount > 0;
  return (
    <article
      aria-labelledby={headingId}
      data-property-id={property.id}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft"
    >
      <div className="relative aspect-[4/3] overflow-hidden">
        <PropertyImage src={property.images[0]} alt={property.title} />
        <Badge variant={status.variant} className="absolute top-3 left-3 shadow-sm">
          {status.label}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
          {property.city}
        </p>
        <h3 id={headingId} className="mt-1.5 font-display text-xl leading-snug font-medium break-words">
          {property.title}
        </h3>
        <p className="mt-2 tabular-nums">
          <span className="text-lg font-semibold">{formatPounds(property.pricePerNight)}</span>
          <span className="text-sm text-muted-foreground"> per night</span>
        </p>
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
              {property.bedrooms === 0 ? "Studio" : pluralize(property.bedrooms, "bedroom")}
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
          <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
            <Link to={`/properties/${property.id}/manage`} aria-label={`Manage Property: ${property.title}`}>
              Manage Property
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

export function MyPropertiesCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-9 w-36 rounded-full" />
      </div>
    </div>
  );
}
