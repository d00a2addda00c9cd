import type * as React from "react";
import { cn } from "@/lib/utils";

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
