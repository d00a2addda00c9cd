import { MAINTENANCE_CATEGORY_LABELS, WORK_STAGE_LABELS } from "@common/domain/maintenance";
import type { TMaintenanceJob, TMaintenanceJobDetail } from "@common/schemas/maintenance";
import { formatDateTime } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, CircleCheck, ExternalLink, Eye } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button, type ButtonProps } from "@/components/ui/button";
import { DetailSection } from "@/components/ui/detail-section";
import { DialogCloseButton, DialogDetailsBody, DialogPanel } from "@/components/ui/dialog";
import { Fact } from "@/components/ui/fact";
import { Skeleton } from "@/components/ui/skeleton";
import { SkeletonTiles } from "@/components/ui/skeleton-tiles";
import { toast } from "@/components/ui/use-toast";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { jobDetailQueryOptions } from "../api/maintenance-api";
import { jobActionsFor, jobEventLabel } from "../utils/job-rules";
import { JobActionButton } from "./job-action-button";
import { JobPriorityBadge, JobStatusBadge } from "./job-badges";
import { useJobDialogs } from "./job-dialogs-context";
import { jobDate, PhoneLink } from "./job-parts";
import { JobPhotos } from "./job-photos";

const OFFER_STATUS_LABELS = {
  open: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
} as const;
const OFFER_STATUS_CLASSES = {
  open: "border-warning/25 bg-warning-soft text-warning",
  accepted: "border-transparent bg-success-soft text-success",
  declined: "border-border bg-secondary text-secondary-foreground",
  withdrawn: "border-border bg-secondary text-secondary-foreground",
} as const;
const REPORTER_PARTS = { guest: "Guest", owner: "Owner", manager: "Manager", admin: "StayLondon" } as const;

function DetailsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4">
      <Skeleton className="h-16" />
      <SkeletonTiles count={4} className="grid grid-cols-2 gap-4 sm:grid-cols-4" tileClassName="h-10" />
      <Skeleton className="h-32" />
    </div>
  );
}

function DetailsBody({ job }: { job: TMaintenanceJobDetail }) {
  return (
    <div className="grid gap-5">
      <section className="grid gap-3">
        <h3 className="sr-only">The problem</h3>
        <p className="text-sm leading-relaxed break-words whitespace-pre-line">{job.description}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Fact term="Category">{MAINTENANCE_CATEGORY_LABELS[job.category]}</Fact>
          <Fact term="Reported">{jobDate(job.requestedDate)}</Fact>
          <Fact term="Reported by">
            {job.reportedBy.name} <span className="text-muted-foreground">({REPORTER_PARTS[job.reportedBy.part]})</span>
          </Fact>
        </dl>
      </section>

      {job.proposedDate ? (
        <p className="flex items-start gap-2 rounded-2xl bg-brass-100/70 px-4 py-3 text-sm leading-relaxed">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
          <span>
            <span className="font-medium">
              {job.viewerPart === "contractor" ? "You proposed" : "The contractor proposes"} {jobDate(job.proposedDate)}
            </span>
            {job.proposedNote ? `: “${job.proposedNote}”` : null}
          </span>
        </p>
      ) : null}

      <DetailSection title="The work">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Fact term="Scheduled">{job.scheduledDate ? jobDate(job.scheduledDate) : "Not yet"}</Fact>
          <Fact term="Duration">{job.estimatedDuration ?? "Not set"}</Fact>
          <Fact term="Property empty">
            {job.vacantNights !== null ? pluralize(job.vacantNights, "night") : "Not needed"}
          </Fact>
          {job.viewerPart !== "reporter" ? (
            <Fact term="Payment">{job.payment !== null ? formatPounds(job.payment) : "Not set"}</Fact>
          ) : null}
          {job.finalCost !== null ? <Fact term="Final cost">{formatPounds(job.finalCost)}</Fact> : null}
          {job.status === "completed" ? (
            <Fact term="Paid">{job.paidAt ? formatDateTime(job.paidAt) : "Not yet"}</Fact>
          ) : null}
          <Fact term="Contractor">{job.contractor?.name ?? "Nobody yet"}</Fact>
          {job.workStage ? <Fact term="Stage">{WORK_STAGE_LABELS[job.workStage]}</Fact> : null}
          {job.completedAt ? <Fact term="Completed">{formatDateTime(job.completedAt)}</Fact> : null}
        </dl>
        {job.completionNote ? (
          <p className="rounded-2xl bg-ivory px-4 py-3 text-sm leading-relaxed">
            <span className="font-medium">Completion note: </span>
            {job.completionNote}
          </p>
        ) : null}
        {job.closingReason ? (
          <p className="rounded-2xl bg-ivory px-4 py-3 text-sm leading-relaxed">
            <span className="font-medium">{job.status === "declined" ? "Declined" : "Closed"}: </span>
            {job.closingReason}
          </p>
        ) : null}
      </DetailSection>

      <DetailSection title="On site">
        {job.address || job.contact || job.phone ? (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
            {job.address ? <Fact term="Address">{job.address}</Fact> : null}
            {job.contact ? <Fact term="Contact">{job.contact}</Fact> : null}
            {job.phone ? (
              <Fact term="Phone">
                <PhoneLink phone={job.phone} />
              </Fact>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            {job.viewerPart === "contractor"
              ? `${job.city}. The address and who to ask for appear once you accept the job.`
              : job.city}
          </p>
        )}
        <p className="text-sm">
          <Link
            to={`/properties/${job.propertySlug}`}
            className="inline-flex items-center gap-1.5 font-medium underline decoration-brass-500 decoration-2 underline-offset-4 hover:decoration-foreground"
          >
            <ExternalLink aria-hidden="true" className="size-3.5" />
            View the listing<span className="sr-only">: {job.propertyName}</span>
          </Link>
        </p>
      </DetailSection>

      <JobPhotos job={job} />

      {job.offers.length > 0 ? (
        <DetailSection title="Offers">
          <ul className="grid gap-2">
            {job.offers.map((offer) => (
              <li
                key={`${offer.contractor.id}-${offer.createdAt}`}
                className="flex flex-col gap-1 rounded-2xl bg-ivory px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="font-medium">{offer.contractor.name}</span>
                  <span className="text-muted-foreground"> · offered {formatDateTime(offer.createdAt)}</span>
                  {offer.declineReason ? (
                    <span className="block text-muted-foreground">“{offer.declineReason}”</span>
                  ) : null}
                </span>
                <Badge className={OFFER_STATUS_CLASSES[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}

      <DetailSection title="Timeline">
        <ol className="grid gap-0">
          {job.events.map((event, index) => (
            // The timeline only grows at its end, and two steps may share an instant: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
            <li key={index} className="relative grid gap-0.5 pb-4 pl-6 last:pb-0">
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-1.5 left-0 size-2.5 rounded-full",
                  index === job.events.length - 1 ? "bg-ink-800" : "bg-brass-300",
                )}
              />
              {index < job.events.length - 1 ? (
                <span aria-hidden="true" className="absolute top-4 bottom-0 left-[4.5px] w-px bg-border" />
              ) : null}
              <p className="text-sm font-medium">{jobEventLabel(event.transition)}</p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(event.createdAt)}
                {event.actorName ? ` · ${event.actorName}` : ""}
              </p>
              {event.note ? <p className="text-sm leading-relaxed break-words">{event.note}</p> : null}
            </li>
          ))}
        </ol>
      </DetailSection>
    </div>
  );
}

/**
 * The one job dialog every part uses: the job, its photos, offers (for those who run it) and timeline, and a button
 * for each action the server lists for this viewer. Each action opens its own small form over it; the dialog then
 * shows the job as it is afterwards.
 */
export function JobDetailsDialog({
  job,
  open,
  onOpenChange,
  notice: firstNotice = null,
}: {
  /** The job as the list had it: the header shows at once, the rest follows. */
  job: TMaintenanceJob;
  /** What just happened to the job, said when the dialog opens (a report just sent). */
  notice?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useQuery({ ...jobDetailQueryOptions(job.id), enabled: open });
  const latest = details.data ?? job;
  const actions = details.data ? jobActionsFor(details.data) : [];
  // What the last action did, said here too: the page's toasts are hidden from screen readers behind this dialog.
  const [notice, setNotice] = useState<string | null>(firstNotice);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setNotice(null);
        onOpenChange(next);
      }}
    >
      {/* From a tablet up the title and the buttons stay in view and the job scrolls between them; a phone scrolls
          it all, or the buttons would leave little room for the job. */}
      <DialogPanel size="2xl" className="flex flex-col gap-0 p-0 sm:overflow-hidden sm:p-0">
        <div className="grid gap-2 border-b border-border px-5 pt-5 pb-4 pr-14 sm:px-7 sm:pt-7 sm:pr-16">
          <Dialog.Title className="font-display text-2xl leading-snug font-medium break-words">
            {latest.issue}
          </Dialog.Title>
          <div className="flex flex-wrap gap-1.5">
            <JobStatusBadge job={latest} />
            <JobPriorityBadge job={latest} />
          </div>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            <span className="font-mono text-foreground">{latest.reference}</span> · {latest.propertyName}, {latest.city}
          </Dialog.Description>
        </div>
        <DialogCloseButton className="sm:top-5 sm:right-5" />
        <div className="relative grid gap-5 px-5 py-5 sm:min-h-0 sm:flex-1 sm:overflow-y-auto sm:overscroll-contain sm:px-7">
          <p
            role="status"
            className={cn(
              "flex items-start gap-2 rounded-xl bg-success-soft px-4 py-3 text-sm font-medium text-success",
              !notice && "sr-only",
            )}
          >
            {notice ? <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
            {notice}
          </p>

          <DialogDetailsBody
            query={details}
            loadingLabel="Loading the job…"
            skeleton={<DetailsSkeleton />}
            goneMessage="This job is no longer yours to see."
            errorTitle="Failed to load this job"
          >
            {(data) => <DetailsBody job={data} />}
          </DialogDetailsBody>
        </div>

        {details.data && actions.length > 0 ? (
          <div className="flex flex-wrap gap-2 border-t border-border bg-ivory/60 px-5 py-4 sm:justify-end sm:px-7">
            {actions.map((action) => (
              <JobActionButton
                key={action}
                job={details.data}
                action={action}
                quiet
                // What happened is said in the dialog; declining an offer takes the job off this contractor's list, so the
                // dialog closes and a toast says it.
                onDone={(updated, outcome) => {
                  if (updated === null) {
                    setNotice(null);
                    onOpenChange(false);
                    toast(outcome);
                  } else setNotice(`${outcome.title}. ${outcome.description}`);
                }}
              />
            ))}
          </div>
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}

/** View Details on a card: opens the job's dialog. */
export function ViewJobButton({
  job,
  size = "sm",
  variant = "outline",
}: {
  job: TMaintenanceJob;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  const [open, setOpen] = useState(false);
  const host = useJobDialogs();
  return (
    <>
      <Button variant={variant} size={size} onClick={() => (host ? host.openDetails(job) : setOpen(true))}>
        <Eye aria-hidden="true" />
        View Details<span className="sr-only">: {job.reference}</span>
      </Button>
      {host ? null : <JobDetailsDialog job={job} open={open} onOpenChange={setOpen} />}
    </>
  );
}
