import type { PlatformPeriod } from "@common/domain/platform-analytics";
import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { Info } from "lucide-react";
import { LoadingBlock } from "@/components/ui/loading-block";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SettlementNote } from "@/components/ui/settlement-note";
import { Skeleton } from "@/components/ui/skeleton";
import type { QueryPageState } from "@/lib/query-state";
import { cn } from "@/lib/utils";
import { AnalyticsPeriodBar } from "./analytics-period-bar";
import { AnalyticsSummary } from "./analytics-summary";
import { GrowthCharts } from "./growth-charts";
import { RoleDistribution } from "./role-distribution";
import { TopCities } from "./top-cities";

/**
 * The Analytics page's body: the period buttons, then the figures of that period (a skeleton on first load, the
 * failure with Try again, or the figures). While another period loads, the last figures stay, dimmed and marked
 * busy, and a status line says so.
 */
export function PlatformAnalyticsView({
  period,
  onPeriodChange,
  state,
  updating,
}: {
  period: PlatformPeriod;
  onPeriodChange: (period: PlatformPeriod) => void;
  state: QueryPageState<TPlatformAnalytics>;
  /** The figures on screen are the previous period's while the chosen one loads. */
  updating: boolean;
}) {
  const shown = state.status === "ready" && !updating ? state.data : undefined;
  return (
    <>
      <div className="grid gap-3">
        <AnalyticsPeriodBar period={period} onPeriodChange={onPeriodChange} range={shown} />
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
          <span>
            Sign-ups count new accounts by the London date they were created. Revenue is what guests were charged for
            stays by check-in date, less refunds, as the ledger records it; platform fees are the part the platform
            kept. Bookings count confirmed and completed stays. Growth compares with the same length of time just
            before.
          </span>
        </p>
        <p role="status" className="sr-only">
          {updating ? "Loading the figures for the chosen period…" : ""}
        </p>
      </div>
      <QueryStateView state={state} errorTitle="Failed to load the analytics" loading={<AnalyticsSkeleton />}>
        {(report) => (
          <div
            aria-busy={updating}
            className={cn("grid gap-8 transition-opacity duration-200", updating && "pointer-events-none opacity-60")}
          >
            <AnalyticsSummary report={report} />
            <SettlementNote settlement={report.totals.settlement} />
            <GrowthCharts report={report} />
            <div className="grid gap-8 lg:grid-cols-2">
              <TopCities cities={report.topCities} />
              <RoleDistribution report={report} />
            </div>
          </div>
        )}
      </QueryStateView>
    </>
  );
}

function AnalyticsSkeleton() {
  return (
    <LoadingBlock label="Loading the analytics…" className="grid gap-8">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {["sign-ups", "revenue", "platform fees", "bookings"].map((key) => (
          <Skeleton key={key} className="h-20 rounded-2xl sm:h-32" />
        ))}
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-3xl" />
        <Skeleton className="h-80 rounded-3xl" />
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <Skeleton className="h-72 rounded-3xl" />
        <Skeleton className="h-72 rounded-3xl" />
      </div>
    </LoadingBlock>
  );
}
