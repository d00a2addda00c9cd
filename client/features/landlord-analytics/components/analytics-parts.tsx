import { Info } from "lucide-react";
import type * as React from "react";
import { AccountPage } from "@/components/layouts/account-page";
import { EmptyList } from "@/components/ui/empty-list";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import type { QueryPageState } from "@/lib/query-state";
import { cn } from "@/lib/utils";

/** Pieces the three analytics pages share: the page frame, figure cards, section cards. */

/** What each page's figures count (issue 5 item 8; common/schemas/analytics.ts and docs/analytics.md). */
export const REVENUE_HINT = "Revenue counts confirmed and completed bookings, in the month of check-in.";
export const OCCUPANCY_HINT =
  "Occupancy is booked nights over nights available; nights you block are not counted as available.";

/**
 * The frame of each analytics page: heading, what it shows, what its figures count, its links; then the
 * skeleton, the failure with Retry, or the figures.
 */
export function AnalyticsPageFrame<T>({
  eyebrow,
  title,
  lead,
  hint,
  actions,
  sideBySideFrom,
  state,
  loadingLabel,
  figureCount,
  errorTitle,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  hint: string;
  actions: React.ReactNode;
  sideBySideFrom?: "md" | "lg";
  state: QueryPageState<T>;
  /** Read out while loading, as "Loading your revenue…". */
  loadingLabel: string;
  /** How many figures the page's summary row has: the skeleton shows as many. */
  figureCount: keyof typeof FIGURE_COLUMNS;
  errorTitle: string;
  children: (data: T) => React.ReactNode;
}) {
  return (
    <AccountPage
      eyebrow={eyebrow}
      title={title}
      intro={
        <>
          <p>{lead}</p>
          <CountingHint>{hint}</CountingHint>
        </>
      }
      sideBySideFrom={sideBySideFrom}
      actions={actions}
    >
      <QueryStateView
        state={state}
        errorTitle={errorTitle}
        loading={<AnalyticsPageSkeleton label={loadingLabel} count={figureCount} />}
      >
        {children}
      </QueryStateView>
    </AccountPage>
  );
}

/** One figure in the summary row, like SummaryStat, with room for a badge beside the value. List item. */
export function AnalyticsStat({
  icon: Icon,
  label,
  value,
  detail,
  badge,
  valueClassName,
}: {
  icon: React.ElementType;
  label: string;
  value: string;
  /** What is counted, or how the figure compares. */
  detail?: React.ReactNode;
  badge?: React.ReactNode;
  valueClassName?: string | undefined;
}) {
  return (
    // On a phone a row (label left, figure right), from sm a card with the figure under the label.
    <li className="flex items-center gap-4 rounded-2xl border border-border bg-card p-4 shadow-soft sm:block sm:p-5">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brass-700 sm:hidden" />
      <div className="min-w-0 flex-1 sm:contents">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <Icon aria-hidden="true" className="hidden size-5 shrink-0 text-brass-700 sm:block" />
        </div>
        {detail ? <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">{detail}</p> : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:mt-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3">
        <p className={cn("font-display text-2xl font-medium tabular-nums sm:text-3xl", valueClassName)}>{value}</p>
        {badge}
      </div>
      {detail ? <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{detail}</p> : null}
    </li>
  );
}

/** A white card with a heading (h2) and an optional line under it. */
export function SectionCard({
  id,
  title,
  description,
  aside,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  aside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-7", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={id} className="font-display text-2xl font-medium">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {aside}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** The page's one-line note on what its figures count (issue 5 item 8). */
function CountingHint({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
      <span>{children}</span>
    </p>
  );
}

/** Nothing to show yet in an analytics section: the shared empty state, at section size. */
export function AnalyticsEmpty(props: Omit<React.ComponentProps<typeof EmptyList>, "size">) {
  return <EmptyList size="section" {...props} />;
}

/** The skeleton's columns match the summary row's, so the page does not jump when the figures arrive. */
const FIGURE_COLUMNS = {
  4: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-4",
  5: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-5",
} as const;

/** Loading placeholder for a page: `count` figure cards, then a chart-sized block and a list-sized block. */
function AnalyticsPageSkeleton({ label, count }: { label: string; count: keyof typeof FIGURE_COLUMNS }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className={cn("grid gap-4", FIGURE_COLUMNS[count])}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
          <Skeleton key={i} className="h-20 rounded-2xl sm:h-32" />
        ))}
      </div>
      <Skeleton className="mt-10 h-80 rounded-3xl" />
      <Skeleton className="mt-8 h-64 rounded-3xl" />
    </div>
  );
}

/** A horizontal share bar (0 to 100), decorative: the percentage is always written beside it. */
export function ShareBar({ percent, className }: { percent: number; className?: string }) {
  const width = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return (
    <div aria-hidden="true" className={cn("h-2 w-full overflow-hidden rounded-full bg-secondary", className)}>
      <div className="h-full rounded-full bg-brass-500" style={{ width: width > 0 ? `max(${width}%, 4px)` : "0" }} />
    </div>
  );
}

/** A short list of advice, each line with a small round icon. */
export function TipList({ icon: Icon, items }: { icon: React.ElementType; items: readonly string[] }) {
  return (
    <ul className="grid gap-4">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm leading-relaxed">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brass-100 text-brass-700"
          >
            <Icon className="size-4" />
          </span>
          <span className="pt-1.5">{item}</span>
        </li>
      ))}
    </ul>
  );
}
