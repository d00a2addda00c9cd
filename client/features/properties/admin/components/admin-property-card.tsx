import type { TAdminProperty } from "@common/schemas/admin-properties";
import { formatDate } from "@common/utils/dates";
import {
  BadgeCheck,
  Ban,
  CalendarCheck,
  CalendarDays,
  ExternalLink,
  Info,
  Mail,
  MapPin,
  PencilLine,
  UserRound,
} from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PropertyImage } from "@/components/ui/property-image";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds, pluralize } from "@/lib/format";
import { STATUS_BADGES, statusReason } from "../utils/property-status";
import { PropertyAnalyticsDialog } from "./property-analytics-dialog";
import { RemovePropertyButton } from "./remove-property-button";
import { RestorePropertyButton } from "./restore-property-button";
import { VerifyPropertyButton, WithdrawVerificationButton } from "./verify-property-button";

/** One listing's card with its owner, figures and the admin's buttons. */
export function AdminPropertyCard({ property }: { property: TAdminProperty }) {
  const badge = STATUS_BADGES[property.status];
  const reason = statusReason(property);
  const headingId = `admin-property-${property.id}-title`;
  const cover = property.images[0];
  return (
    <article
      aria-labelledby={headingId}
      data-property-id={property.id}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft"
    >
      <div className="relative aspect-[16/10] overflow-hidden">
        <PropertyImage src={cover?.url} alt="" />
        <Badge variant={badge.variant} className="absolute top-3 left-3 shadow-sm">
          {badge.label}
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
          <span className="text-lg font-semibold">{formatPounds(property.price)}</span>
          <span className="text-sm text-muted-foreground"> per month</span>
          <span className="text-sm text-muted-foreground"> · {formatPounds(property.pricePerNight)} per night</span>
        </p>

        {property.removal ? (
          <div className="mt-4 rounded-xl bg-destructive-soft px-3.5 py-3 text-sm text-destructive">
            <p className="flex items-center gap-2 font-medium">
              <Ban aria-hidden="true" className="size-4 shrink-0" />
              Removed {formatDate(property.removal.at)}
              {property.removal.by ? ` by ${property.removal.by.name}` : ""}
            </p>
            <p className="mt-1 break-words text-foreground">{property.removal.reason}</p>
          </div>
        ) : reason ? (
          <p className="mt-4 flex items-start gap-2 rounded-xl bg-secondary px-3.5 py-2.5 text-sm">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
            {reason}
          </p>
        ) : null}

        {property.verification ? (
          <p className="mt-4 flex items-start gap-2 rounded-xl bg-success-soft px-3.5 py-2.5 text-sm text-success">
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Verified {formatDate(property.verification.at)}
              {property.verification.by ? ` by ${property.verification.by.name}` : ""}
            </span>
          </p>
        ) : null}

        <ul className="mt-4 grid gap-2 text-sm">
          <li className="flex min-w-0 items-start gap-2">
            <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
            <span className="min-w-0 font-medium break-words">
              <span className="sr-only">Owner: </span>
              {property.ownerName}
            </span>
          </li>
          <li className="flex min-w-0 items-start gap-2">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
            <span className="min-w-0 break-all text-muted-foreground">
              <span className="sr-only">Owner's e-mail: </span>
              {property.ownerEmail}
            </span>
          </li>
          <li className="flex items-center gap-2 text-muted-foreground">
            <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
            {pluralize(property.bookings, "booking")}
          </li>
          <li className="flex items-center gap-2 text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
            <span>
              Listed <time dateTime={property.createdAt}>{formatDate(property.createdAt)}</time>
            </span>
          </li>
        </ul>

        <div className="mt-auto grid grid-cols-2 gap-2 pt-5">
          <Button asChild variant="outline" size="sm">
            <Link to={`/property/${property.slug}`} aria-label={`View Details: ${property.title}`}>
              <ExternalLink aria-hidden="true" />
              View Details
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/properties/${property.id}/manage`} aria-label={`Edit: ${property.title}`}>
              <PencilLine aria-hidden="true" />
              Edit
            </Link>
          </Button>
          <PropertyAnalyticsDialog property={property} />
          {property.removal ? (
            <RestorePropertyButton property={property} />
          ) : (
            <RemovePropertyButton property={property} />
          )}
          {property.removal ? null : property.verification ? (
            <WithdrawVerificationButton property={property} />
          ) : (
            <VerifyPropertyButton property={property} />
          )}
        </div>
      </div>
    </article>
  );
}

export function AdminPropertyCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-3/4" />
        <div className="grid grid-cols-2 gap-2 pt-2">
          <Skeleton className="h-9 rounded-full" />
          <Skeleton className="h-9 rounded-full" />
          <Skeleton className="h-9 rounded-full" />
          <Skeleton className="h-9 rounded-full" />
        </div>
      </div>
    </div>
  );
}
