import type { TManagedPropertySummary } from "@common/schemas/property-management";
import { formatDate } from "@common/utils/dates";
import { ExternalLink } from "lucide-react";
import { Dialog } from "radix-ui";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { Fact } from "@/components/ui/fact";
import { LinkButton } from "@/components/ui/link-button";
import { formatInteger, formatPercent, formatPounds } from "@/lib/format";
import { ManagedStatusBadges, ratingText } from "./managed-property-card";
import type { ManagerSlots } from "./slots";

/**
 * View Details of a managed property: its figures this month, its public listing, and its maintenance jobs, each
 * opening the job's own dialog.
 */
export function ManagedPropertyDialog({
  property,
  onOpenChange,
  PropertyJobs,
  ScheduleMaintenance,
}: {
  property: TManagedPropertySummary | null;
  onOpenChange: (open: boolean) => void;
  PropertyJobs: ManagerSlots["PropertyJobs"];
  ScheduleMaintenance: ManagerSlots["ScheduleMaintenance"];
}) {
  return (
    <Dialog.Root open={property !== null} onOpenChange={onOpenChange}>
      <DialogPanel size="3xl">
        {property ? (
          <>
            <div className="grid gap-2 pr-10">
              <Dialog.Title className="font-display text-2xl leading-snug font-medium break-words">
                {property.title}
              </Dialog.Title>
              <ManagedStatusBadges property={property} />
              <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
                {property.city} · owned by {property.ownerName} · yours to manage since{" "}
                {formatDate(property.assignedAt)}
              </Dialog.Description>
            </div>
            <DialogCloseButton />

            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-2xl bg-ivory p-4 text-sm sm:grid-cols-5">
              <Fact term="Occupancy">{formatPercent(property.occupancyRate)}</Fact>
              <Fact term="This month">{formatPounds(property.monthlyRevenue)}</Fact>
              <Fact term="Active bookings">{formatInteger(property.activeBookings)}</Fact>
              <Fact term="Open maintenance">{formatInteger(property.openMaintenance)}</Fact>
              <Fact term="Rating">{ratingText(property)}</Fact>
            </dl>

            <div className="flex flex-wrap gap-2">
              <LinkButton to={`/properties/${property.slug}`} icon={ExternalLink} variant="outline" size="sm">
                View the listing<span className="sr-only">: {property.title}</span>
              </LinkButton>
              <ScheduleMaintenance propertyId={property.id} propertyName={property.title} />
            </div>

            <section aria-labelledby="managed-property-jobs" className="grid gap-4 border-t border-border pt-5">
              <h3 id="managed-property-jobs" className="font-display text-xl font-medium">
                Maintenance jobs
              </h3>
              <PropertyJobs propertyId={property.id} propertyName={property.title} />
            </section>
          </>
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}
