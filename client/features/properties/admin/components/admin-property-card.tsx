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
  PencilLine,
  UserRound,
} from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds, pluralize } from "@/lib/format";
import { PropertyStatusCard, PropertyStatusCardSkeleton } from "../../components/property-status-card";
import { statusReason } from "../utils/property-status";
import { PropertyAnalyticsDialog } from "./property-analytics-dialog";
import { RemovePropertyButton } from "./remove-property-button";
import { RestorePropertyButton } from "./restore-property-button";
import { VerifyPropertyButton, WithdrawVerificationButton } from "./verify-property-button";

/** One listing's card with its owner, figures and the admin's buttons. */
export function AdminPropertyCard({ property }: { property: TAdminProperty }) {
  const reason = statusReason(property);
  return (
    <PropertyStatusCard
      property={property}
      headingId={`admin-property-${property.id}-title`}
      cover={property.images[0]?.url}
      coverAlt=""
      coverClassName="aspect-[16/10]"
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft"
      price={
        <>
          <span className="text-lg font-semibold">{formatPounds(property.price)}</span>
          <span className="text-sm text-muted-foreground"> per month</span>
          <span className="text-sm text-muted-foreground"> · {formatPounds(property.pricePerNight)} per night</span>
        </>
      }
    >
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
        <LinkButton
          to={`/property/${property.slug}`}
          aria-label={`View Details: ${property.title}`}
          icon={ExternalLink}
          variant="outline"
          size="sm"
        >
          View Details
        </LinkButton>
        <LinkButton
          to={`/properties/${property.id}/manage`}
          aria-label={`Edit: ${property.title}`}
          icon={PencilLine}
          variant="outline"
          size="sm"
        >
          Edit
        </LinkButton>
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
    </PropertyStatusCard>
  );
}

export function AdminPropertyCardSkeleton() {
  return (
    <PropertyStatusCardSkeleton coverClassName="aspect-[16/10]">
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-3/4" />
      <div className="grid grid-cols-2 gap-2 pt-2">
        <Skeleton className="h-9 rounded-full" />
        <Skeleton className="h-9 rounded-full" />
        <Skeleton className="h-9 rounded-full" />
        <Skeleton className="h-9 rounded-full" />
      </div>
    </PropertyStatusCardSkeleton>
  );
}
