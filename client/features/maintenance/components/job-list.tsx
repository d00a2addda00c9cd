import type { TMaintenanceJob } from "@common/schemas/maintenance";
import type { UseQueryResult } from "@tanstack/react-query";
import type * as React from "react";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Pagination } from "@/components/ui/pagination";
import { RefreshingList } from "@/components/ui/refreshing-list";
import { cn } from "@/lib/utils";
import type { JobActionName } from "../api/maintenance-api";
import { JobCard, JobCardSkeleton } from "./job-card";

/** A list of jobs read from the server, as the page shows it: placeholders, the failure with Retry, or the cards. */
export function JobListView({
  query,
  jobs,
  label,
  errorTitle,
  empty,
  actions,
  columns = 1,
  headingLevel = 3,
}: {
  query: Pick<UseQueryResult<unknown>, "isPending" | "isError" | "isFetching" | "isPlaceholderData" | "refetch">;
  /** The rows once read. */
  jobs: readonly TMaintenanceJob[] | undefined;
  /** Names the list for screen readers ("Jobs in progress"). */
  label: string;
  errorTitle: string;
  /** What an empty list says. */
  empty: React.ReactNode;
  /** The actions each card offers (those the server allows for that job). */
  actions?: readonly JobActionName[];
  columns?: 1 | 2;
  /** The cards' headings: one below the list's own heading. */
  headingLevel?: 3 | 4;
}) {
  if (query.isPending) {
    return (
      <LoadingBlock label={`Loading ${label.toLowerCase()}…`} className="grid gap-5">
        <JobCardSkeleton />
        <JobCardSkeleton />
      </LoadingBlock>
    );
  }
  if (query.isError || !jobs) {
    return (
      <LoadErrorAlert
        title={errorTitle}
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        retrying={query.isFetching}
        announce
      />
    );
  }
  if (jobs.length === 0) return empty;
  return (
    <RefreshingList
      aria-label={label}
      items={jobs}
      keyOf={(job) => job.id}
      refreshing={query.isPlaceholderData}
      className={cn("grid gap-5", columns === 2 && "xl:grid-cols-2")}
    >
      {(job) => <JobCard job={job} actions={actions} headingLevel={headingLevel} />}
    </RefreshingList>
  );
}

/** A server-paged job list with its pages under it. */
export function PagedJobList({
  query,
  page,
  pageSize,
  onPageChange,
  ...props
}: Omit<React.ComponentProps<typeof JobListView>, "jobs" | "query"> & {
  query: UseQueryResult<{ items: TMaintenanceJob[]; total: number; totalIsCapped: boolean }>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="grid gap-6">
      <JobListView {...props} query={query} jobs={query.data?.items} />
      {query.data ? (
        <Pagination
          label={props.label}
          page={page}
          pageSize={pageSize}
          total={query.data.total}
          totalIsCapped={query.data.totalIsCapped}
          onPageChange={onPageChange}
        />
      ) : null}
    </div>
  );
}
