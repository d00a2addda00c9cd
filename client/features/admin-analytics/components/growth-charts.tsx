import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { BarChart } from "@/components/charts/bar-chart";
import { LineChart } from "@/components/charts/line-chart";
import { SectionCard } from "@/components/ui/section-card";
import { formatInteger, formatPounds } from "@/lib/format";
import {
  AXIS_LABEL_EVERY,
  BUCKET_NAMES,
  revenueChartData,
  settlementAside,
  signUpChartData,
} from "../utils/platform-report";

/** Values above the columns only where they fit (up to six columns); the data table always has them. */
const MAX_LABELLED_COLUMNS = 6;

/** User growth (sign-ups) and revenue growth per day, week or month, each with its data table for screen readers. */
export function GrowthCharts({ report }: { report: TPlatformAnalytics }) {
  const { period, buckets, totals } = report;
  const bucketName = { "1m": "Day", "3m": "Week", "6m": "Month", "1y": "Month" }[period];
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <SectionCard
        id="user-growth-heading"
        title="User growth"
        description={`${formatInteger(totals.signUps)} new ${totals.signUps === 1 ? "account" : "accounts"}, by the London date they signed up.`}
      >
        <LineChart
          caption={`Sign-ups ${BUCKET_NAMES[period]}`}
          labelHeader={bucketName}
          valueHeader="Sign-ups"
          data={signUpChartData(period, buckets)}
          axisLabelEvery={AXIS_LABEL_EVERY[period]}
          heightClassName="h-48"
          emptyText="No sign-ups in this period"
        />
      </SectionCard>
      <SectionCard
        id="revenue-growth-heading"
        title="Revenue growth"
        description={`${formatPounds(totals.revenue)} charged to guests for stays, less refunds, by check-in date${settlementAside(totals.settlement)}.`}
      >
        <BarChart
          caption={`Revenue ${BUCKET_NAMES[period]}`}
          labelHeader={bucketName}
          valueHeader="Revenue"
          data={revenueChartData(period, buckets)}
          axisLabelEvery={AXIS_LABEL_EVERY[period]}
          showValues={buckets.length <= MAX_LABELLED_COLUMNS}
          heightClassName="h-48"
          emptyText="No revenue in this period"
        />
      </SectionCard>
    </div>
  );
}
