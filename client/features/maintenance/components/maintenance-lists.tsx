import {
  DISPLAYED_MAINTENANCE_STATUSES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
} from "@common/domain/maintenance";
import type { TMaintenanceJobDetail } from "@common/schemas/maintenance";
import { DEFAULT_PAGE_SIZE } from "@common/schemas/paging";
import { useQuery } from "@tanstack/react-query";
import { SearchX, Wrench } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { FilterSelect } from "@/components/ui/search-field";
import { formatInteger } from "@/lib/format";
import type { JobActionName } from "../api/maintenance-api";
import { jobListQueryOptions } from "../api/maintenance-api";
import { jobStatusLabel } from "../utils/job-rules";
import { JobDetailsDialog } from "./job-details-dialog";
import { JobDialogsHost } from "./job-dialogs-host";
import { PagedJobList } from "./job-list";
import { ReportProblemButton } from "./report-problem-dialog";

export const STATUS_FILTERS = [
  { value: "open", label: "Open (not finished)" },
  { value: "all", label: "All statuses" },
  ...DISPLAYED_MAINTENANCE_STATUSES.map((status) => ({ value: status, label: jobStatusLabel(status) })),
] as const;
export const PRIORITY_FILTERS = [
  { value: "all", label: "All priorities" },
  ...MAINTENANCE_PRIORITIES.map((priority) => ({ value: priority, label: MAINTENANCE_PRIORITY_LABELS[priority] })),
] as const;

/** On a coordinator's card: the steps that move a job on; the rest are in its dialog. */
const COORDINATOR_CARD_ACTIONS: readonly JobActionName[] = ["offer", "accept_proposed_date", "mark_paid"];

/** "12 jobs", "1 job match". */
function countLine(total: number, capped: boolean, narrowed: boolean): string {
  const count = `${formatInteger(total)}${capped ? "+" : ""}`;
  return `${count} ${total === 1 && !capped ? "job" : "jobs"}${narrowed ? " match" : ""}`;
}

/** Whose jobs a board lists: the manager's (properties assigned now) or every job the viewer runs or reported. */
type BoardSource = {
  list: "jobs" | "assigned";
  title: string;
  emptyText: string;
};

const MANAGER_BOARD: BoardSource = {
  list: "assigned",
  title: "Maintenance",
  emptyText: "Problems reported at the properties you manage, and work you schedule, appear here.",
};
const OWNER_BOARD: BoardSource = {
  list: "jobs",
  // Under the page's own "Maintenance" heading.
  title: "Jobs at your properties",
  emptyText: "Problems reported at your properties, by guests, your manager or you, appear here.",
};

/**
 * The manager's Maintenance tab: every job on the properties they manage now, filtered by status (open ones
 * first) and priority, a page at a time, each opening the job's dialog.
 */
export function ManagerMaintenanceTab() {
  return <MaintenanceBoard source={MANAGER_BOARD} headingId="manager-maintenance-heading" />;
}

/** The owner's board: every job on all their properties, across listings, with the same filters. */
export function OwnerMaintenanceBoard() {
  return <MaintenanceBoard source={OWNER_BOARD} headingId="owner-maintenance-heading" />;
}

function MaintenanceBoard({ source, headingId }: { source: BoardSource; headingId: string }) {
  const [status, setStatus] = useState<string>("open");
  const [priority, setPriority] = useState<string>("all");
  const [page, setPage] = useState(1);
  const jobs = useQuery(jobListQueryOptions(source.list, { status, priority, page }));
  const narrowed = status !== "all" || priority !== "all";

  return (
    <JobDialogsHost>
      <section aria-labelledby={headingId} className="grid gap-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h2 id={headingId} className="font-display text-2xl font-medium">
              {source.title}
            </h2>
            <p aria-live="polite" className="mt-1 text-sm text-muted-foreground">
              {jobs.data ? countLine(jobs.data.total, jobs.data.totalIsCapped, narrowed) : "\u00a0"}
            </p>
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:w-[28rem]">
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_FILTERS}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
            />
            <FilterSelect
              label="Priority"
              value={priority}
              options={PRIORITY_FILTERS}
              onChange={(value) => {
                setPriority(value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <PagedJobList
          query={jobs}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPageChange={setPage}
          label="Maintenance jobs"
          errorTitle="Failed to load maintenance jobs"
          actions={COORDINATOR_CARD_ACTIONS}
          columns={2}
          empty={
            narrowed ? (
              <EmptyList
                icon={SearchX}
                title="No jobs match"
                action={
                  <Button
                    variant="outline"
                    onClick={() => {
                      setStatus("all");
                      setPriority("all");
                      setPage(1);
                    }}
                  >
                    Show every job
                  </Button>
                }
              >
                No job on your properties has this status and priority.
              </EmptyList>
            ) : (
              <EmptyList icon={Wrench} title="No maintenance jobs yet">
                {source.emptyText}
              </EmptyList>
            )
          }
        />
      </section>
    </JobDialogsHost>
  );
}

/**
 * One property's jobs, for whoever runs them: the manager's View Details (their assigned list) or the owner's
 * Maintenance section (every job of the property), newest first.
 */
export function PropertyJobs({
  propertyId,
  propertyName,
  source,
  headingLevel = 3,
}: {
  propertyId: number;
  propertyName: string;
  headingLevel?: 3 | 4;
  /** The manager reads their assigned jobs; the owner (or an admin) all the property's jobs. */
  source: "assigned" | "jobs";
}) {
  const [page, setPage] = useState(1);
  const filters = { propertyId, page, pageSize: 10 };
  const jobs = useQuery(jobListQueryOptions(source, filters));
  return (
    <JobDialogsHost>
      <PagedJobList
        query={jobs}
        page={page}
        pageSize={filters.pageSize}
        onPageChange={setPage}
        label={`Jobs at ${propertyName}`}
        headingLevel={headingLevel}
        errorTitle="Failed to load this property's jobs"
        actions={COORDINATOR_CARD_ACTIONS}
        empty={
          <EmptyList icon={Wrench} size="section" title="No jobs at this property">
            Nothing has been reported here yet.
          </EmptyList>
        }
      />
    </JobDialogsHost>
  );
}

/** A managed property's jobs in the manager's View Details dialog, under its "Maintenance jobs" heading. */
export function AssignedPropertyJobs(props: { propertyId: number; propertyName: string }) {
  return <PropertyJobs {...props} source="assigned" headingLevel={4} />;
}

/**
 * The owner's Maintenance section on the manage page: the property's jobs with their dialog, and Report a problem,
 * after which the new job opens straight away to offer it to contractors.
 */
export function PropertyMaintenanceSection({
  propertyId,
  propertyTitle,
}: {
  propertyId: number;
  propertyTitle: string;
}) {
  const [reported, setReported] = useState<TMaintenanceJobDetail | null>(null);
  return (
    <section aria-labelledby="manage-maintenance-heading" className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h2 id="manage-maintenance-heading" className="font-display text-2xl font-medium tracking-tight sm:text-3xl">
            Maintenance
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-base">
            Problems reported at this property by guests, its manager or you; offer them to contractors, follow the work
            and mark it paid.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ReportProblemButton
            target={{ propertyId }}
            placeName={propertyTitle}
            size="default"
            variant="default"
            quiet
            onReported={setReported}
          />
        </div>
      </div>
      <PropertyJobs propertyId={propertyId} propertyName={propertyTitle} source="jobs" />
      {reported ? (
        <JobDetailsDialog
          job={reported}
          notice={`Problem reported as ${reported.reference}. Offer it to contractors from here when you are ready.`}
          open
          onOpenChange={(open) => {
            if (!open) setReported(null);
          }}
        />
      ) : null}
    </section>
  );
}
