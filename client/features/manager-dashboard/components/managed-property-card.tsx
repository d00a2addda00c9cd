import type { TManagedPropertySummary } from "@common/schemas/property-management";
import { Eye, MapPin, MessagesSquare, Star, UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { Fact } from "@/components/ui/fact";
import { PropertyImage } from "@/components/ui/property-image";
import { TabCount } from "@/components/ui/tabs";
import { formatInteger, formatPercent, formatPounds, formatRating, pluralize } from "@/lib/format";

import type { ManagerSlots } from "./slots";

/** Active or Inactive, as the listing is now; a property closed for work says so too. */
export function ManagedStatusBadges({ property }: { property: Pick<TManagedPropertySummary, "isActive" | "status"> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {property.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
      {property.status === "maintenance" ? <Badge variant="warning">Under maintenance</Badge> : null}
    </span>
  );
}

/** "4.8 (12 reviews)", or "No reviews yet". */
export function ratingText(property: Pick<TManagedPropertySummary, "rating" | "reviewCount">): string {
  return property.reviewCount > 0
    ? `${formatRating(property.rating)} (${pluralize(property.reviewCount, "review")})`
    : "No reviews yet";
}

/**
 * One managed property: title, city, owner, Active/Inactive, occupancy, this month's revenue, open maintenance and
 * rating, with View Details, Schedule Maintenance and Contact Owner.
 */
export function ManagedPropertyCard({
  property,
  ScheduleMaintenance,
  onViewDetails,
  onContactOwner,
}: {
  property: TManagedPropertySummary;
  ScheduleMaintenance: ManagerSlots["ScheduleMaintenance"];
  onViewDetails: () => void;
  onContactOwner: () => void;
}) {
  const headingId = `managed-${property.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-3xl border border-border bg-card shadow-soft sm:flex-row"
    >
      <div className="relative aspect-[16/9] shrink-0 bg-secondary sm:aspect-auto sm:w-44 lg:w-52">
        <PropertyImage src={property.image ?? undefined} alt="" className="absolute inset-0" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-display text-xl leading-snug font-medium break-words">
              {property.title}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-3.5 text-brass-700" />
                {property.city}
              </span>
              <span className="flex items-center gap-1.5">
                <UserRound aria-hidden="true" className="size-3.5 text-brass-700" />
                Owner: <span className="font-medium text-foreground">{property.ownerName}</span>
              </span>
            </p>
          </div>
          <ManagedStatusBadges property={property} />
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Fact term="Occupancy">{formatPercent(property.occupancyRate)}</Fact>
          <Fact term="This month">
            <span className="font-display text-lg">{formatPounds(property.monthlyRevenue)}</span>
          </Fact>
          <Fact term="Open maintenance">{formatInteger(property.openMaintenance)}</Fact>
          <Fact term="Rating">
            <span className="flex items-center gap-1">
              {property.reviewCount > 0 ? (
                <Star aria-hidden="true" className="size-3.5 fill-brass-500 text-brass-500" />
              ) : null}
              {ratingText(property)}
            </span>
          </Fact>
        </dl>

        <div className="mt-auto pt-5">
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            <Button variant="outline" size="sm" onClick={onViewDetails}>
              <Eye aria-hidden="true" />
              View Details<span className="sr-only">: {property.title}</span>
            </Button>
            <ScheduleMaintenance propertyId={property.id} propertyName={property.title} />
            <Button variant="outline" size="sm" onClick={onContactOwner}>
              <MessagesSquare aria-hidden="true" />
              Contact Owner<span className="sr-only">: {property.ownerName}</span>
              <TabCount count={property.unreadMessages} label="unread" />
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

export function ManagedPropertyCardSkeleton() {
  return (
    <CardSkeleton
      className="gap-4 rounded-3xl p-6"
      heading="h-6 w-1/2"
      line="h-4 w-56"
      facts={4}
      factsClassName="grid grid-cols-2 gap-4"
      factClassName="h-10"
      actions="h-9 w-64 rounded-full"
    />
  );
}
