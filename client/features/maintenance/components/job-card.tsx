import { MAINTENANCE_CATEGORY_LABELS, WORK_STAGE_LABELS } from "@common/domain/maintenance";
import type { TMaintenanceJob } from "@common/schemas/maintenance";
import { formatDate, formatWeekdayDate } from "@common/utils/dates";
import { Building2, CalendarClock, Hammer, MapPin, UserRound } from "lucide-react";
import type * as React from "react";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { Fact, StatusLine } from "@/components/ui/fact";
import { formatPounds } from "@/lib/format";
import type { JobActionName } from "../api/maintenance-api";
import { JobActionButton } from "./job-action-button";
import { JobPriorityBadge, JobStatusBadge } from "./job-badges";
import { ViewJobButton } from "./job-details-dialog";
import type { JobDone } from "./job-dialogs-context";
import { jobDate, PhoneLink } from "./job-parts";

/**
 * The facts of a job card: the property, the dates, how long, the payment; the address, contact and phone only
 * once the viewer may see them (a contractor, after accepting).
 */
export function JobFacts({ job }: { job: TMaintenanceJob }) {
  return (
    <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
      {job.scheduledDate ? (
        <Fact term="Scheduled">{jobDate(job.scheduledDate)}</Fact>
      ) : (
        <Fact term="Requested">{jobDate(job.requestedDate)}</Fact>
      )}
      <Fact term="Duration">{job.estimatedDuration ?? "Not set"}</Fact>
      {/* What the work costs is between whoever runs the job and the contractor, not the guest who reported it. */}
      {job.viewerPart !== "reporter" ? (
        <Fact term="Payment">
          {job.payment !== null ? <span className="font-display text-lg">{formatPounds(job.payment)}</span> : "Not set"}
        </Fact>
      ) : null}
      <Fact term="Category">{MAINTENANCE_CATEGORY_LABELS[job.category]}</Fact>
      {job.address ? (
        <div className="col-span-2 min-w-0">
          <dt className="text-xs tracking-wide text-muted-foreground uppercase">Address</dt>
          <dd className="mt-0.5 flex items-start gap-1.5 font-medium">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-brass-700" />
            <span className="break-words">{job.address}</span>
          </dd>
        </div>
      ) : null}
      {job.contact ? (
        <Fact term="Contact">
          <span className="break-words">{job.contact}</span>
        </Fact>
      ) : null}
      {job.phone ? (
        <Fact term="Phone">
          <PhoneLink phone={job.phone} />
        </Fact>
      ) : null}
    </dl>
  );
}

/** Where the job stands in a line, when the badge alone does not say it. */
function JobNote({ job }: { job: TMaintenanceJob }) {
  let icon: React.ReactNode = null;
  let text: React.ReactNode = null;
  if (job.proposedDate) {
    icon = <CalendarClock aria-hidden="true" />;
    text = `${job.viewerPart === "contractor" ? "You proposed" : "The contractor proposes"} ${formatWeekdayDate(job.proposedDate)}${
      job.proposedNote ? `: “${job.proposedNote}”` : "."
    }`;
  } else if (job.status === "in_progress" && job.workStage) {
    icon = <Hammer aria-hidden="true" />;
    text = `${WORK_STAGE_LABELS[job.workStage]}${job.contractor ? ` · ${job.contractor.name}` : ""}`;
  } else if (job.status === "scheduled" && job.contractor && job.viewerPart !== "contractor") {
    icon = <UserRound aria-hidden="true" />;
    text = `Taken by ${job.contractor.name}`;
  } else if (job.status === "completed") {
    icon = <Hammer aria-hidden="true" />;
    text =
      job.viewerPart === "reporter"
        ? `Fixed${job.completedAt ? ` on ${formatDate(job.completedAt)}` : ""}.`
        : `${job.finalCost !== null ? `Final cost ${formatPounds(job.finalCost)}. ` : ""}${job.paidAt ? "Paid." : "Not paid yet."}`;
  } else if ((job.status === "declined" || job.status === "cancelled") && job.closingReason) {
    text = `Reason: “${job.closingReason}”`;
  }
  if (!text) return null;
  return <StatusLine icon={icon}>{text}</StatusLine>;
}

/**
 * One job on a dashboard or list: what is wrong, where, its status and priority, the facts of the dashboards' job
 * cards, and the buttons the caller offers here (only those the server lists for this viewer) plus View Details.
 */
export function JobCard({
  job,
  actions = [],
  headingLevel = 3,
  onDone,
}: {
  job: TMaintenanceJob;
  /** The actions this card offers besides View Details, kept only if the server allows them now. */
  actions?: readonly JobActionName[];
  headingLevel?: 3 | 4;
  onDone?: JobDone | undefined;
}) {
  const headingId = `job-${job.id}-issue`;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const offered = actions.filter((action) => (job.actions as string[]).includes(action));
  return (
    <article
      aria-labelledby={headingId}
      data-job-reference={job.reference}
      className="flex h-full flex-col rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Heading id={headingId} className="font-display text-xl leading-snug font-medium break-words">
            {job.issue}
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="flex min-w-0 items-center gap-1.5">
              <Building2 aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
              <span className="font-medium text-foreground">{job.propertyName}</span>
            </span>
            <span>{job.city}</span>
            <span>
              Ref <span className="font-mono font-medium text-foreground">{job.reference}</span>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <JobStatusBadge job={job} />
          <JobPriorityBadge job={job} />
        </div>
      </div>

      <JobFacts job={job} />
      <JobNote job={job} />

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-5">
        <div className="flex w-full flex-wrap items-center gap-2 border-t border-border pt-4">
          <ViewJobButton job={job} />
          {offered.map((action) => (
            <JobActionButton key={action} job={job} action={action} onDone={onDone} />
          ))}
        </div>
      </div>
    </article>
  );
}

export function JobCardSkeleton() {
  return (
    <CardSkeleton
      className="gap-4 rounded-3xl p-6"
      heading="h-6 w-1/2"
      line="h-4 w-64"
      facts={4}
      factsClassName="grid grid-cols-2 gap-4 sm:grid-cols-4"
      factClassName="h-10"
      actions="h-9 w-36 rounded-full"
    />
  );
}
