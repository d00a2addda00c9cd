import type { TContractorEarnings } from "@common/schemas/maintenance";
import type { UseQueryResult } from "@tanstack/react-query";
import { Banknote, CalendarRange, Clock, FlaskConical, Hourglass, PoundSterling } from "lucide-react";
import { BarChart } from "@/components/charts/bar-chart";
import {
  formatMonthLong,
  formatMonthShort,
  formatMonthShortYear,
  formatPoundsCompact,
  sumAmounts,
} from "@/components/charts/figure-format";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { SectionCard } from "@/components/ui/section-card";
import { SettlementBadge } from "@/components/ui/settlement-note";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { formatInteger, formatPounds } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Every column but the last keeps a gap to the next, wider from a tablet up. */
const CELL = "pr-2 sm:pr-4";

/** Earnings: what the ledger recorded as paid for the contractor's jobs by month over the last year, as a chart and a table. */
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
  const yearEarned = sumAmounts(months.map((m) => m.earned));
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
            hint: "Payments recorded for your jobs",
          },
          {
            icon: Banknote,
            label: "Sent to you",
            value: formatPounds(totals.settlement.collected),
            hint: "Transferred to your Stripe account",
          },
          {
            icon: Clock,
            label: "On its way",
            value: formatPounds(totals.settlement.expected),
            hint: "Paid by the owner, still held by StayLondon",
          },
          {
            icon: CalendarRange,
            label: "This month",
            value: formatPounds(totals.thisMonth),
            hint: "Payments recorded this month",
          },
        ]}
      />

      {totals.settlement.demo > 0 || totals.awaitingPayment > 0 ? (
        <div className="grid gap-3">
          {totals.settlement.demo > 0 ? (
            <Alert variant="warning">
              <FlaskConical aria-hidden="true" />
              <AlertTitle>Demo money: {formatPounds(totals.settlement.demo)} is not real</AlertTitle>
              <AlertDescription>
                These jobs were paid without card payments, so no real money moved and none will reach your bank.
              </AlertDescription>
            </Alert>
          ) : null}
          {totals.awaitingPayment > 0 ? (
            <Alert>
              <Hourglass aria-hidden="true" />
              <AlertTitle>
                {formatInteger(totals.awaitingPayment)} completed {totals.awaitingPayment === 1 ? "job is" : "jobs are"}{" "}
                awaiting payment
              </AlertTitle>
              <AlertDescription>Their pay counts here once the owner marks the payment made.</AlertDescription>
            </Alert>
          ) : null}
        </div>
      ) : null}

      <SectionCard
        id="earnings-by-month"
        title="Earnings by month"
        description="The last 12 months, by the month each payment was recorded."
      >
        <BarChart
          caption="Earnings by month, last 12 months"
          labelHeader="Month"
          valueHeader="Earned"
          highlightKey={current}
          emptyText="No payments recorded in the last 12 months"
          data={months.map((month) => ({
            key: month.month,
            label: formatMonthLong(month.month),
            axisLabel: formatMonthShort(month.month),
            value: month.earned,
            valueText: formatPounds(month.earned),
            compactValueText: formatPoundsCompact(month.earned),
          }))}
          axisLabelEvery={1}
        />

        <table className="mt-8 w-full text-sm">
          <caption className="sr-only">Earnings by month: jobs paid and amount earned</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs tracking-wide text-muted-foreground uppercase">
              <th scope="col" className={cn(CELL, "py-2 font-medium")}>
                Month
              </th>
              <th scope="col" className={cn(CELL, "py-2 text-right font-medium")}>
                Jobs paid
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Earned
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
                <td className="py-2.5 text-right font-medium tabular-nums">
                  <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
                    {month.settlement.demo > 0 ? <SettlementBadge settlement="demo" /> : null}
                    {month.settlement.expected > 0 ? <SettlementBadge settlement="expected" /> : null}
                    {formatPounds(month.earned)}
                  </span>
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
              <td className="pt-3 text-right font-display text-base font-semibold tabular-nums">
                {formatPounds(yearEarned)}
              </td>
            </tr>
          </tfoot>
        </table>
      </SectionCard>
    </div>
  );
}
