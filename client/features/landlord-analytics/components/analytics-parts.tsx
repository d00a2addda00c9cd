import { Info } from "lucide-react";
import type * as React from "react";
import { AccountPage } from "@/components/layouts/account-page";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadingBlock } from "@/components/ui/loading-block";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { SkeletonTiles } from "@/components/ui/skeleton-tiles";
import type { QueryPageState } from "@/lib/query-state";
import { cn } from "@/lib/utils";

/** Pieces the three analytics pages share: the page frame, the counting hint, empty sections, the skeleton, tips. */

/** What each page's figures count (common/schemas/analytics.ts and docs/analytics.md). */
export const REVENUE_HINT =
  "Revenue is what your stays earned you after the guest's service fee and any refunds, in the month of check-in.";
export const OCCUPANCY_HINT =
  "Occupancy is booked nights over nights available; nights you block or that are booked on another site are not counted as available.";

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

/** The page's one-line note on what its figures count. */
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
    <LoadingBlock label={label}>
      <SkeletonTiles
        count={count}
        className={cn("grid gap-4", FIGURE_COLUMNS[count])}
        tileClassName="h-20 rounded-2xl sm:h-32"
      />
      <Skeleton className="mt-10 h-80 rounded-3xl" />
      <Skeleton className="mt-8 h-64 rounded-3xl" />
    </LoadingBlock>
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
