import type { TContractorEarnings, TMaintenanceJob } from "@common/schemas/maintenance";
import { DEFAULT_PAGE_SIZE } from "@common/schemas/paging";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { CalendarDays, CircleCheckBig, Hammer, History, Inbox, PoundSterling } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { TabCount, Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatInteger, formatPounds } from "@/lib/format";
import { contractorJobsQueryOptions, earningsQueryOptions, jobHistoryQueryOptions } from "../../api/maintenance-api";
import { contractorFigures, splitContractorJobs } from "../../utils/job-rules";
import { JobDialogsHost } from "../job-dialogs-host";
import { JobListView, PagedJobList } from "../job-list";
import { EarningsPanel } from "./earnings-panel";

const TABS = [
  { value: "active", label: "Active Jobs" },
  { value: "scheduled", label: "Scheduled" },
  { value: "history", label: "Job History" },
  { value: "earnings", label: "Earnings" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

/** The contractor's four figures, from their jobs and earnings: zeros until there is work, never sample numbers. */
function ContractorFigures({
  jobs,
  earnings,
}: {
  jobs: UseQueryResult<TMaintenanceJob[]>;
  earnings: UseQueryResult<TContractorEarnings>;
}) {
  const figures = contractorFigures(jobs.data, earnings.data);
  const readOf = (query: UseQueryResult) => ({ loading: query.isPending, unavailable: query.isError });
  return (
    <SummaryStatsSection
      headingId="contractor-figures-heading"
      heading="Your figures"
      className="grid gap-4"
      gridClassName="grid gap-3 sm:grid-cols-2 sm:gap-5 xl:grid-cols-4"
      figures={[
        {
          icon: Hammer,
          label: "Active Jobs",
          value: formatInteger(figures.active),
          hint: "Work under way now",
          ...readOf(jobs),
        },
        {
          icon: Inbox,
          label: "Pending Offers",
          value: formatInteger(figures.pendingOffers),
          hint: "Waiting for your answer",
          ...readOf(jobs),
        },
        {
          icon: CircleCheckBig,
          label: "Completed",
          value: formatInteger(figures.completed),
          hint: "Jobs you have finished",
          ...readOf(earnings),
        },
        {
          icon: PoundSterling,
          label: "Earnings",
          value: formatPounds(figures.earned),
          hint:
            figures.awaitingPayment > 0
              ? `${formatInteger(figures.awaitingPayment)} completed ${figures.awaitingPayment === 1 ? "job" : "jobs"} awaiting payment`
              : "Payments recorded for your jobs",
          ...readOf(earnings),
        },
      ]}
    >
      {/* A failed read of the jobs is said in the tab that lists them; earnings only show there on their own tab. */}
      {earnings.isError ? (
        <LoadErrorAlert
          title="Failed to load your earnings"
          onRetry={() => void earnings.refetch()}
          retryLabel="Retry"
          retrying={earnings.isFetching}
          announce
        />
      ) : null}
    </SummaryStatsSection>
  );
}

/** Active Jobs: the work under way, then the offers to answer, each with what it allows and what its empty list says. */
const ACTIVE_SECTIONS = [
  {
    id: "active-in-progress",
    heading: "In progress",
    split: "inProgress",
    label: "Jobs in progress",
    errorTitle: "Failed to load your jobs",
    actions: ["complete", "update_progress"],
    empty: {
      icon: Hammer,
      title: "Nothing in progress",
      text: "A job you have accepted moves here once you send your first status update.",
    },
  },
  {
    id: "active-offers",
    heading: "Offers waiting for your answer",
    split: "offers",
    label: "Job offers",
    errorTitle: "Failed to load your offers",
    actions: ["accept", "decline_offer"],
    empty: {
      icon: Inbox,
      title: "No offers right now",
      text: "When a property manager or owner offers you a job, it appears here to accept or decline.",
    },
  },
] as const;

function SubHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h3 id={id} className="font-display text-xl font-medium">
      {children}
    </h3>
  );
}

/**
 * The contractor dashboard's body: Active Jobs (work under way, then offers to answer), Scheduled, Job History and
 * Earnings, all from the contractor's own jobs.
 */
export function ContractorWorkspace() {
  const [tab, setTab] = useState<TabValue>("active");
  const [historyPage, setHistoryPage] = useState(1);
  const jobs = useQuery(contractorJobsQueryOptions);
  const earnings = useQuery(earningsQueryOptions);
  const history = useQuery({ ...jobHistoryQueryOptions(historyPage), enabled: tab === "history" });
  const split = splitContractorJobs(jobs.data ?? []);
  const jobsState = { ...jobs, isPlaceholderData: false };

  return (
    <JobDialogsHost>
      <ContractorFigures jobs={jobs} earnings={earnings} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList aria-label="Your work">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {t.value === "active" ? <TabCount count={split.offers.length} label="offers waiting" /> : null}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="active" className="grid gap-8">
          {jobs.isError ? (
            <LoadErrorAlert
              title="Failed to load your jobs"
              onRetry={() => void jobs.refetch()}
              retryLabel="Retry"
              retrying={jobs.isFetching}
              announce
            />
          ) : (
            ACTIVE_SECTIONS.map((part) => (
              <section key={part.id} aria-labelledby={part.id} className="grid gap-4">
                <SubHeading id={part.id}>{part.heading}</SubHeading>
                <JobListView
                  query={jobsState}
                  jobs={jobs.data ? split[part.split] : undefined}
                  label={part.label}
                  errorTitle={part.errorTitle}
                  actions={part.actions}
                  columns={2}
                  empty={
                    <EmptyList icon={part.empty.icon} size="section" title={part.empty.title}>
                      {part.empty.text}
                    </EmptyList>
                  }
                />
              </section>
            ))
          )}
        </TabsContent>

        <TabsContent value="scheduled">
          <JobListView
            query={jobsState}
            jobs={jobs.data ? split.scheduled : undefined}
            label="Scheduled jobs"
            errorTitle="Failed to load your jobs"
            actions={["propose_date"]}
            columns={2}
            empty={
              <EmptyList icon={CalendarDays} title="No scheduled jobs">
                Jobs you accept are listed here by date until you start them.
              </EmptyList>
            }
          />
        </TabsContent>

        <TabsContent value="history">
          <PagedJobList
            query={history}
            page={historyPage}
            pageSize={DEFAULT_PAGE_SIZE}
            onPageChange={setHistoryPage}
            label="Job history"
            errorTitle="Failed to load your job history"
            columns={2}
            empty={
              <EmptyList icon={History} title="No job history yet">
                Jobs you complete, and jobs called off after you took them, are kept here.
              </EmptyList>
            }
          />
        </TabsContent>

        <TabsContent value="earnings">
          <EarningsPanel earnings={earnings} />
        </TabsContent>
      </Tabs>
    </JobDialogsHost>
  );
}
