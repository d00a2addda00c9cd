import { PROPERTY_STATUSES, type PropertyStatus } from "@common/domain/property-options";
import type { TManagedProperty } from "@common/schemas/landlord-properties";
import { formatDate } from "@common/utils/dates";
import { Ban, CircleCheck, CirclePause, ExternalLink, Wrench } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LinkButton } from "@/components/ui/link-button";
import { cn } from "@/lib/utils";
import { confirmOutcome } from "../../../utils/confirm-outcome";
import { useChangePropertyStatus } from "../../api/manage-property-api";
import { Panel, SectionFrame } from "./section-frame";
import { ShortLetLimitPanel } from "./short-let-limit-panel";

/** What each status means for guests (and for the landlord's figures). */
export const STATUS_TEXT: Record<PropertyStatus, { label: string; guests: string; icon: typeof CircleCheck }> = {
  active: {
    label: "Active",
    guests: "Listed in search and open to bookings on every night you have not blocked.",
    icon: CircleCheck,
  },
  inactive: {
    label: "Inactive",
    guests:
      "Hidden from search; the listing page says it is no longer listed and nobody can book. Existing bookings stay as they are.",
    icon: CirclePause,
  },
  maintenance: {
    label: "Under maintenance",
    guests:
      "Still listed, marked 'Under maintenance', but closed to new bookings until you set it active again. Existing bookings stay as they are.",
    icon: Wrench,
  },
};

/** Activate, deactivate or mark in maintenance, each after a confirmation. */
export function StatusSection({ property, propertyRef }: { property: TManagedProperty; propertyRef: string }) {
  const [choice, setChoice] = useState<PropertyStatus>(property.status);
  const [confirming, setConfirming] = useState(false);
  const change = useChangePropertyStatus(propertyRef);
  const current = STATUS_TEXT[property.status];

  function confirm() {
    change.mutate(
      choice,
      confirmOutcome(
        () => setConfirming(false),
        (updated) => ({
          title: "Status updated",
          description: `${updated.title} is now ${STATUS_TEXT[updated.status].label.toLowerCase()}.`,
        }),
        "Status not changed",
      ),
    );
  }

  return (
    <SectionFrame
      id="manage-status"
      title="Status"
      description="Choose whether guests can find and book this property."
      actions={<ViewListingButton propertyId={property.id} />}
    >
      {property.removal ? (
        <RemovedNotice removal={property.removal} />
      ) : (
        <StatusChoice
          property={property}
          choice={choice}
          onChoose={setChoice}
          pending={change.isPending}
          onUpdate={() => setConfirming(true)}
        />
      )}

      {property.shortLets.inLondon ? <ShortLetLimitPanel property={property} propertyRef={propertyRef} /> : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={change.isPending}
        title={`Set this property to ${STATUS_TEXT[choice].label.toLowerCase()}?`}
        description={STATUS_TEXT[choice].guests}
        cancelLabel={`Keep ${current.label.toLowerCase()}`}
        confirmLabel={change.isPending ? "Updating…" : `Set ${STATUS_TEXT[choice].label.toLowerCase()}`}
        onConfirm={confirm}
      />
    </SectionFrame>
  );
}

/** The three statuses to choose from, with what each means for guests. */
function StatusChoice({
  property,
  choice,
  onChoose,
  pending,
  onUpdate,
}: {
  property: TManagedProperty;
  choice: PropertyStatus;
  onChoose: (status: PropertyStatus) => void;
  pending: boolean;
  onUpdate: () => void;
}) {
  const name = useId();
  const current = STATUS_TEXT[property.status];
  return (
    <Panel>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Current status:</span>
        <StatusBadge status={property.status} />
      </p>
      <p className="mt-2 text-sm text-muted-foreground">{current.guests}</p>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold">Change the status</legend>
        <div className="mt-3 grid gap-3 md:grid-cols-3">
          {PROPERTY_STATUSES.map((status) => {
            const text = STATUS_TEXT[status];
            const Icon = text.icon;
            const id = `${name}-${status}`;
            return (
              <label
                key={status}
                htmlFor={id}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  choice === status
                    ? "border-primary bg-secondary/70 ring-1 ring-primary"
                    : "border-border hover:border-foreground/40",
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={status}
                  checked={choice === status}
                  onChange={() => onChoose(status)}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <span className="grid gap-1">
                  <span className="flex items-center gap-2 font-medium">
                    <Icon aria-hidden="true" className="size-4 text-brass-700" />
                    {text.label}
                    {status === property.status ? (
                      <span className="text-xs font-normal text-muted-foreground">(current)</span>
                    ) : null}
                  </span>
                  <span className="text-sm leading-relaxed text-muted-foreground">{text.guests}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button disabled={choice === property.status || pending} onClick={onUpdate}>
          Update status
        </Button>
        {choice === property.status ? (
          <p className="text-sm text-muted-foreground">Choose another status to change it.</p>
        ) : null}
      </div>
    </Panel>
  );
}

/**
 * A listing StayLondon removed: the owner sees when and why, and that only StayLondon can list it again (the
 * server refuses to, whoever asks).
 */
function RemovedNotice({ removal }: { removal: NonNullable<TManagedProperty["removal"]> }) {
  return (
    <Panel>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Current status:</span>
        <StatusBadge status="inactive" />
      </p>
      <div className="mt-4 rounded-xl bg-destructive-soft px-4 py-3.5 text-sm">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <Ban aria-hidden="true" className="size-4 shrink-0" />
          Removed by StayLondon on {formatDate(removal.at)}
        </p>
        <p className="mt-1.5 break-words">
          <span className="font-medium">Reason:</span> {removal.reason}
        </p>
      </div>
      <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
        Guests cannot find or book it. You can still edit its details, photos, calendar and prices, but only StayLondon
        can list it again: once the reason is dealt with,{" "}
        <Link to="/contact?topic=listing" className="font-medium text-foreground underline underline-offset-4">
          write to us
        </Link>
        .
      </p>
    </Panel>
  );
}

/** The status in words with its icon, never colour alone. */
export function StatusBadge({ status }: { status: PropertyStatus }) {
  const text = STATUS_TEXT[status];
  const Icon = text.icon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium",
        status === "active" && "border-transparent bg-success-soft text-success",
        status === "inactive" && "border-border bg-secondary text-foreground",
        status === "maintenance" && "border-warning/25 bg-warning-soft text-warning",
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {text.label}
    </span>
  );
}

/** The listing as guests see it, from the manage page's header and its Status section. */
export function ViewListingButton({ propertyId }: { propertyId: number }) {
  return (
    <LinkButton to={`/properties/${propertyId}`} icon={ExternalLink} variant="outline">
      View listing
    </LinkButton>
  );
}
