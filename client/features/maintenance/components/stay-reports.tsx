import type { TMaintenanceJob } from "@common/schemas/maintenance";
import { formatWeekdayDate } from "@common/utils/dates";
import { Wrench } from "lucide-react";
import { JobStatusBadge } from "./job-badges";
import { ViewJobButton } from "./job-details-dialog";

/** On a My Bookings card: the problems the guest reported from this stay, where each stands, and its details. */
export function StayReports({ bookingId, jobs }: { bookingId: number; jobs: readonly TMaintenanceJob[] }) {
  if (jobs.length === 0) return null;
  const headingId = `stay-${bookingId}-reports`;
  return (
    <section aria-labelledby={headingId} className="mt-4 grid gap-2">
      <h4
        id={headingId}
        className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        <Wrench aria-hidden="true" className="size-3.5 text-brass-700" />
        Problems you reported
      </h4>
      <ul className="grid gap-2">
        {jobs.map((job) => (
          <li
            key={job.id}
            className="flex flex-col gap-2 rounded-2xl bg-ivory px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="min-w-0">
              <span className="font-medium break-words">{job.issue}</span>
              <span className="block text-xs text-muted-foreground">
                <span className="font-mono">{job.reference}</span> · reported {formatWeekdayDate(job.requestedDate)}
                {job.scheduledDate && (job.status === "scheduled" || job.status === "in_progress")
                  ? ` · repair ${formatWeekdayDate(job.scheduledDate)}`
                  : ""}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <JobStatusBadge job={job} />
              <ViewJobButton job={job} variant="ghost" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
