import { useQuery } from "@tanstack/react-query";
import { CalendarX2, CircleAlert, FilterX, ScrollText, SearchX, UserRound, X } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Pagination } from "@/components/ui/pagination";
import { FilterSelect, SearchField } from "@/components/ui/search-field";
import { useListParams } from "@/hooks/use-list-params";
import { isApiError } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import { pluralize } from "@/lib/format";
import { systemLogsQueryOptions } from "../api/system-logs-api";
import {
  dateRangeProblem,
  isFiltered,
  LOG_FILTER_DEFAULTS,
  LOG_TYPE_OPTIONS,
  systemLogsApiQuery,
} from "../utils/system-logs-rules";
import { LogEntryItem, LogEntrySkeletons } from "./log-entry-item";

/** The server's page size (ZPageQuery's default): Pagination counts pages with it. */
const PAGE_SIZE = 20;

/** A labelled London date for the range filter. */
function DateFilter({
  label,
  value,
  min,
  max,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  invalid: boolean;
  describedBy?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** System Logs: filters by type, user and dates, then one page of entries, newest first. */
export function SystemLogsBoard() {
  const list = useListParams(LOG_FILTER_DEFAULTS);
  const [, setSearchParams] = useSearchParams();
  const { filters } = list;
  const rangeProblem = dateRangeProblem(filters);
  const rangeProblemId = useId();
  // Both ends of the range are marked, and point at the problem, while the dates are out of order.
  const rangeState = { invalid: rangeProblem !== null, describedBy: rangeProblem ? rangeProblemId : undefined };
  const apiQuery = systemLogsApiQuery(filters, list.query, list.page);
  const entries = useQuery({ ...systemLogsQueryOptions(apiQuery), enabled: rangeProblem === null });
  const filtered = isFiltered(filters, list.query);

  function clearFilters() {
    list.setTyped("");
    setSearchParams(new URLSearchParams(), { replace: true });
  }
  // The same pager under the list and alone on a page past the last one, so there is always a way back.
  const pager = (total: number) => (
    <Pagination
      page={list.page}
      pageSize={PAGE_SIZE}
      total={total}
      onPageChange={list.setPage}
      label="System log entries"
    />
  );
  const clearButton = (
    <Button variant="outline" size="sm" onClick={clearFilters}>
      <FilterX aria-hidden="true" />
      Clear filters
    </Button>
  );

  return (
    <div className="grid gap-6">
      <section aria-label="Filters" className="rounded-3xl border border-border bg-card p-4 shadow-soft sm:p-6">
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] lg:grid-cols-[12rem_minmax(0,1fr)_22rem]">
          <FilterSelect
            label="Type"
            value={filters.type}
            options={LOG_TYPE_OPTIONS}
            onChange={(value) => list.setFilter("type", value)}
          />
          <SearchField label="User" value={list.typed} onChange={list.setTyped} placeholder="Name or e-mail address" />
          {/* Side by side even on a phone: a range reads as one control. */}
          <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1">
            <DateFilter
              label="From"
              value={filters.from}
              max={filters.to || undefined}
              {...rangeState}
              onChange={(value) => list.setFilter("from", value)}
            />
            <DateFilter
              label="To"
              value={filters.to}
              min={filters.from || undefined}
              {...rangeState}
              onChange={(value) => list.setFilter("to", value)}
            />
          </div>
        </div>
        {filters.userId ? (
          <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <UserRound aria-hidden="true" className="size-4 text-brass-700" />
            Only entries by or about user #{filters.userId}.
            <Button variant="ghost" size="sm" onClick={() => list.setFilter("userId", "")}>
              <X aria-hidden="true" />
              Show everyone
            </Button>
          </p>
        ) : null}
        {rangeProblem ? (
          <p id={rangeProblemId} role="alert" className="mt-4 flex items-center gap-2 text-sm text-destructive">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            {rangeProblem}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="system-log-entries" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="system-log-entries" className="font-display text-2xl font-medium">
            Entries
          </h2>
          <div className="flex items-center gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {entries.data && !rangeProblem
                ? `${pluralize(entries.data.total, "entry", "entries")}, newest first`
                : ""}
            </p>
            {filtered && entries.data && entries.data.items.length > 0 ? clearButton : null}
          </div>
        </div>

        {rangeProblem ? (
          <EmptyList icon={CalendarX2} title="Choose dates in order" size="section">
            Entries appear once the From date is on or before the To date.
          </EmptyList>
        ) : entries.isPending ? (
          <LogEntrySkeletons />
        ) : entries.isError ? (
          isApiError(entries.error, 400) ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>These filters cannot be used</AlertTitle>
              <AlertDescription>
                <p>{serverMessageOf(entries.error, "Please change the filters.")}</p>
                <div className="mt-3">{clearButton}</div>
              </AlertDescription>
            </Alert>
          ) : (
            <LoadErrorAlert
              title="Failed to load the system logs"
              onRetry={() => void entries.refetch()}
              retrying={entries.isFetching}
              announce
            />
          )
        ) : entries.data.items.length === 0 && entries.data.total > 0 ? (
          pager(entries.data.total)
        ) : entries.data.items.length === 0 ? (
          filtered ? (
            <EmptyList icon={SearchX} title="No entries match the filters" action={clearButton}>
              Try another type, name or date range, or clear the filters to see every entry.
            </EmptyList>
          ) : (
            <EmptyList icon={ScrollText} title="System logging is ready...">
              Approvals, role changes, frozen accounts, removed listings and admin booking decisions will appear here,
              with refused sign-ins, lockouts and failed payments, webhooks, messages and background jobs.
            </EmptyList>
          )
        ) : (
          <>
            <ul
              aria-labelledby="system-log-entries"
              aria-busy={entries.isPlaceholderData || undefined}
              className="grid gap-3 transition-opacity aria-busy:opacity-60 md:gap-0 md:divide-y md:divide-border md:rounded-3xl md:border md:border-border md:bg-card md:shadow-soft"
            >
              {entries.data.items.map((entry) => (
                <LogEntryItem key={entry.id} entry={entry} />
              ))}
            </ul>
            {pager(entries.data.total)}
          </>
        )}
      </section>
    </div>
  );
}
