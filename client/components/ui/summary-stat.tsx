import type * as React from "react";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Skeleton } from "@/components/ui/skeleton";
import { SkeletonTiles } from "@/components/ui/skeleton-tiles";
import { cn } from "@/lib/utils";

/**
 * One figure in a page's summary row (My Bookings, All Bookings, the analytics pages): label, icon, value, an optional
 * badge beside the value (its growth) and an optional hint saying what is counted. A list item: render inside a <ul>.
 */
export function SummaryStat({
  icon: Icon,
  label,
  value,
  hint,
  badge,
  valueClassName,
  loading = false,
  unavailable = false,
}: {
  icon: React.ElementType;
  label: string;
  value: string;
  /** What is counted, or how the figure compares. */
  hint?: React.ReactNode;
  badge?: React.ReactNode;
  /** The value's colour where it carries meaning (a growth's tone). */
  valueClassName?: string | undefined;
  /** The figure is on its way: a placeholder where it will be. */
  loading?: boolean;
  /** Its read failed: a dash, never a made-up figure. */
  unavailable?: boolean;
}) {
  const figure = (
    <p
      className={cn(
        "font-display text-2xl font-medium tabular-nums sm:text-3xl",
        badge ? undefined : "sm:mt-3",
        valueClassName,
      )}
    >
      {loading ? (
        <>
          <Skeleton className="inline-block h-7 w-16 align-middle sm:h-9 sm:w-20" />
          <span className="sr-only">Loading…</span>
        </>
      ) : unavailable ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not available</span>
        </>
      ) : (
        value
      )}
    </p>
  );
  return (
    // On a phone a row (label left, figure right), from sm a card with the figure under the label.
    <li className="flex items-center gap-4 rounded-2xl border border-border bg-card p-4 shadow-soft sm:block sm:p-5">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brass-700 sm:hidden" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <Icon aria-hidden="true" className="hidden size-5 shrink-0 text-brass-700 sm:block" />
        </div>
        {hint ? <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">{hint}</p> : null}
      </div>
      {badge ? (
        <div className="flex shrink-0 flex-col items-end gap-1 sm:mt-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3">
          {figure}
          {badge}
        </div>
      ) : (
        figure
      )}
      {hint ? <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{hint}</p> : null}
    </li>
  );
}

/** One figure of a summary row; `loading` and `unavailable` may be left to the row when one read gives them all. */
export type SummaryFigure = React.ComponentProps<typeof SummaryStat>;

/** A row of summary figures, each drawn by SummaryStat, in the grid `className` names. */
export function SummaryStatList({
  figures,
  className,
  loading = false,
  unavailable = false,
}: {
  figures: SummaryFigure[];
  className: string;
  loading?: boolean;
  unavailable?: boolean;
}) {
  return (
    <ul className={className}>
      {figures.map((figure) => (
        <SummaryStat
          key={figure.label}
          {...figure}
          loading={figure.loading ?? loading}
          unavailable={figure.unavailable ?? unavailable}
        />
      ))}
    </ul>
  );
}

/**
 * A page's summary figures as a region named by a heading only screen readers see (`headingId`, at `level`), in the
 * grid `gridClassName` names, with anything said about the figures (a failed read) after them.
 */
export function SummaryStatsSection({
  headingId,
  heading,
  level = 2,
  className,
  gridClassName,
  children,
  ...list
}: Omit<React.ComponentProps<typeof SummaryStatList>, "className"> & {
  gridClassName: string;
  headingId: string;
  heading: string;
  level?: 2 | 3;
  className?: string;
  children?: React.ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className="sr-only">
        {heading}
      </Heading>
      <SummaryStatList className={gridClassName} {...list} />
      {children}
    </section>
  );
}

/** A list page still loading: `count` summary figures in `gridClassName`, a heading, then two `card` placeholders. */
export function SummaryPageSkeleton({
  label,
  count,
  gridClassName,
  card,
}: {
  label: string;
  count: number;
  gridClassName: string;
  card: React.ReactNode;
}) {
  return (
    <LoadingBlock label={label}>
      <SkeletonTiles count={count} className={cn("grid gap-4", gridClassName)} tileClassName="h-32 rounded-2xl" />
      <Skeleton className="mt-12 h-7 w-48" />
      <div className="mt-6 grid gap-6">
        {card}
        {card}
      </div>
    </LoadingBlock>
  );
}
