import type { TContractorEarnings } from "@common/schemas/maintenance";
import type { UseQueryResult } from "@tanstack/react-query";
import { Banknote, CalendarRange, Clock, PoundSterling } from "lucide-react";
import { BarChart } from "@/components/charts/bar-chart";
import {
  formatMonthLong,
  formatMonthShort,
  formatMonthShortYear,
  formatPoundsCompact,
  sumAmounts,
} from "@/components/charts/figure-format";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { formatInteger, formatPounds } from "@/lib/format";
import { cn } from "@/lib/utils";
import { earningsMonthTotal } from "../../utils/job-rules";

/** Every column but the last keeps a gap to the next, wider from a tablet up. */
const CELL = "pr-2 sm:pr-4";

/** Earnings: what completed jobs earned by month over the last year, paid or still owed, as a chart and a table. */
export function EarningsPanel({ earnings }: { earnings: UseQueryResult<TContractorEarnings> }) {
  if (earnings.isPending) {
    return (
      <LoadingBlock label="Loading your earnings…" className="grid gap-5">
        <div className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-28 rounded-2xl" />
        </div>
        <Skeleton className="h-80 rounded-3xl" />
      </LoadingBlock>
    );
  }
  if (earnings.isError) {
    return (
      <LoadErrorAlert
        title="Failed to load your earnings"
        onRetry={() => void earnings.refetch()}
        retryLabel="Retry"
        retrying={earnings.isFetching}
        announce
      />
    );
  }
  const { totals, months } = earnings.data;
  const current = months.at(-1)?.month;
  const yearPaid = sumAmounts(months.map((m) => m.paid));
  const yearUnpaid = sumAmounts(months.map((m) => m.unpaid));
  const yearJobs = months.reduce((count, m) => count + m.jobs, 0);

  return (
    <div className="grid grid-cols-1 gap-6">
      <SummaryStatsSection
        headingId="earnings-figures-heading"
        heading="Earnings figures"
        level={3}
        gridClassName="grid gap-3 sm:grid-cols-2 sm:gap-5 xl:grid-cols-4"
        figures={[
          {
            icon: PoundSterling,
            label: "Total earned",
            value: formatPounds(totals.earned),
            hint: "Final costs of your completed jobs",
          },
          { icon: Banknote, label: "Paid", value: formatPounds(totals.paid), hint: "Payments made to you" },
          { icon: Clock, label: "Unpaid", value: formatPounds(totals.unpaid), hint: "Completed, not paid yet" },
          {
            icon: CalendarRange,
            label: "This month",
            value: formatPounds(totals.thisMonth),
            hint: "Jobs completed this month",
          },
        ]}
      />

      <SectionCard
        id="earnings-by-month"
        title="Earnings by month"
        description="The last 12 months, by the month each job was completed."
      >
        <BarChart
          caption="Earnings by month, last 12 months"
          labelHeader="Month"
          valueHeader="Earned"
          highlightKey={current}
          emptyText="No completed jobs in the last 12 months"
          data={months.map((month) => {
            const total = earningsMonthTotal(month);
            return {
              key: month.month,
              label: formatMonthLong(month.month),
              axisLabel: formatMonthShort(month.month),
              value: total,
              valueText: formatPounds(total),
              compactValueText: formatPoundsCompact(total),
            };
          })}
          axisLabelEvery={1}
        />

        {/* Focusable, so a phone's keyboard user can scroll the table sideways when large sums make it wider. */}
        <section
          aria-label="Earnings table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="mt-8 overflow-x-auto rounded-md outline-none focus-visible:ring-3 focus-visible:ring-brass-500/35"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Earnings by month: jobs, paid, unpaid and total</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs tracking-wide text-muted-foreground uppercase">
                <th scope="col" className={cn(CELL, "py-2 font-medium")}>
                  Month
                </th>
                <th scope="col" className={cn(CELL, "py-2 text-right font-medium")}>
                  Jobs
                </th>
                <th scope="col" className={cn(CELL, "py-2 text-right font-medium")}>
                  Paid
                </th>
                <th scope="col" className={cn(CELL, "py-2 text-right font-medium")}>
                  Unpaid
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {[...months].reverse().map((month) => (
                <tr key={month.month} className="border-b border-border/70">
                  <th scope="row" className={cn(CELL, "py-2.5 text-left font-medium whitespace-nowrap")}>
                    <span className="sm:hidden">{formatMonthShortYear(month.month)}</span>
                    <span className="hidden sm:inline">{formatMonthLong(month.month)}</span>
                  </th>
                  <td className={cn(CELL, "py-2.5 text-right tabular-nums")}>{formatInteger(month.jobs)}</td>
                  <td className={cn(CELL, "py-2.5 text-right tabular-nums")}>{formatPounds(month.paid)}</td>
                  <td className={cn(CELL, "py-2.5 text-right tabular-nums")}>{formatPounds(month.unpaid)}</td>
                  <td className="py-2.5 text-right font-medium tabular-nums">
                    {formatPounds(earningsMonthTotal(month))}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className={cn(CELL, "pt-3 text-left font-semibold whitespace-nowrap")}>
                  12 months
                </th>
                <td className={cn(CELL, "pt-3 text-right font-semibold tabular-nums")}>{formatInteger(yearJobs)}</td>
                <td className={cn(CELL, "pt-3 text-right font-semibold tabular-nums")}>{formatPounds(yearPaid)}</td>
                <td className={cn(CELL, "pt-3 text-right font-semibold tabular-nums")}>{formatPounds(yearUnpaid)}</td>
                <td className="pt-3 text-right font-display text-base font-semibold tabular-nums">
                  {formatPounds(sumAmounts([yearPaid, yearUnpaid]))}
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      </SectionCard>
    </div>
  );
}
