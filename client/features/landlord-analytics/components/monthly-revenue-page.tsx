import type { TMonthlyRevenueAnalytics } from "@common/schemas/analytics";
import {
  Building2,
  CalendarDays,
  CalendarRange,
  Lightbulb,
  ListChecks,
  PoundSterling,
  Receipt,
  TrendingUp,
  Undo2,
} from "lucide-react";
import { BarChart } from "@/components/charts/bar-chart";
import { describeGrowth, formatMonthLong } from "@/components/charts/figure-format";
import { GrowthBadge } from "@/components/charts/growth-badge";
import { ShareBar } from "@/components/charts/share-bar";
import { LinkButton } from "@/components/ui/link-button";
import { SectionCard } from "@/components/ui/section-card";
import { SummaryStatList } from "@/components/ui/summary-stat";
import { formatInteger, formatPercent, formatPounds, pluralize } from "@/lib/format";
import type { QueryPageState } from "@/lib/query-state";
import { monthlyRevenueBars, revenueShare } from "../utils/analytics-format";
import { AnalyticsEmpty, AnalyticsPageFrame, REVENUE_HINT, TipList } from "./analytics-parts";

/** The insights and recommended actions are fixed text, the same for every landlord. */
const INSIGHTS = [
  "Stays of a week or more raise the average per booking and leave fewer empty nights between guests.",
  "Months with a growth badge in red earned less than the month before: compare their bookings to see why.",
  "A property with a small share of revenue may need better photos, a sharper description or a lower price.",
];
const ACTIONS = [
  "Set pricing rules for weekends and London's busy seasons so your nightly price follows demand.",
  "Answer booking requests quickly: requests that lapse are revenue lost.",
  "Keep your calendar up to date so guests only see nights you can really offer.",
];

const GROWTH_TEXT = { up: "text-success", down: "text-destructive", none: undefined } as const;

/** Monthly Revenue Analysis: this month, the 8-month trend and each property's share. */
export function MonthlyRevenuePage({ state }: { state: QueryPageState<TMonthlyRevenueAnalytics> }) {
  return (
    <AnalyticsPageFrame
      eyebrow="Revenue Analytics"
      title="Monthly Revenue Analysis"
      lead="This month so far, the eight months up to it and what each property brought in."
      hint={REVENUE_HINT}
      actions={
        <>
          <LinkButton to="/landlord/revenue" icon={Undo2} variant="outline">
            Revenue Analytics
          </LinkButton>
          <LinkButton to="/landlord/occupancy" icon={CalendarRange} variant="ghost">
            Occupancy
          </LinkButton>
        </>
      }
      state={state}
      loadingLabel="Loading your monthly revenue…"
      figureCount={5}
      errorTitle="Failed to load monthly revenue data"
    >
      {(analytics) => <MonthlyContent analytics={analytics} />}
    </AnalyticsPageFrame>
  );
}

function MonthlyContent({ analytics }: { analytics: TMonthlyRevenueAnalytics }) {
  const current = analytics.currentMonth;
  const growth = describeGrowth(current.growth);
  const months = analytics.monthlyBreakdown;
  // The property performance list uses the 8th (last) month entry.
  const lastMonth = months.at(-1);
  return (
    <div className="grid gap-10">
      <section aria-labelledby="current-month-heading">
        <h2 id="current-month-heading" className="font-display text-2xl font-medium">
          {formatMonthLong(current.month)}
        </h2>
        <SummaryStatList
          className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5"
          figures={[
            { icon: PoundSterling, label: "Revenue", value: formatPounds(current.revenue), hint: "This month" },
            {
              icon: TrendingUp,
              label: "Growth",
              value: growth.text,
              valueClassName: GROWTH_TEXT[growth.tone],
              hint: current.growth === null ? "No revenue last month to compare with" : "Compared with last month",
            },
            {
              icon: Receipt,
              label: "Bookings",
              value: formatInteger(current.bookings),
              hint: "Checking in this month",
            },
            {
              icon: CalendarDays,
              label: "Average per Booking",
              value: formatPounds(current.averagePerBooking),
              hint: "Revenue over bookings",
            },
            {
              icon: CalendarRange,
              label: "Daily Average",
              value: formatPounds(current.dailyAverage),
              hint: "Revenue over the month's days",
            },
          ]}
        />
      </section>

      <SectionCard
        id="monthly-trend-heading"
        title="8-month trend"
        description="Revenue by month of check-in, with the change from the month before."
      >
        <BarChart
          caption="Revenue by month, last 8 months"
          labelHeader="Month"
          valueHeader="Revenue"
          emptyText="No revenue in these months yet"
          highlightKey={current.month}
          heightClassName="h-52"
          data={monthlyRevenueBars(months)}
        />
        <ul aria-label="Months, newest first" className="mt-8 divide-y divide-border border-y border-border">
          {[...months].reverse().map((month) => {
            const badge = describeGrowth(month.growth);
            return (
              <li
                key={month.month}
                data-month={month.month}
                className="grid grid-cols-2 items-center gap-x-4 gap-y-2 py-3.5 sm:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))]"
              >
                <p className="font-medium">{formatMonthLong(month.month)}</p>
                <p className="text-right font-display text-lg tabular-nums sm:order-none sm:text-left">
                  {formatPounds(month.revenue)}
                </p>
                <div>
                  <GrowthBadge text={badge.text} tone={badge.tone} label="Growth:" />
                </div>
                <p className="text-right text-sm text-muted-foreground tabular-nums sm:text-left">
                  {pluralize(month.bookings, "booking")}
                </p>
                <p className="col-span-2 text-sm text-muted-foreground tabular-nums sm:col-span-1 sm:text-right">
                  {formatPounds(month.averagePerBooking)} per booking
                </p>
              </li>
            );
          })}
        </ul>
      </SectionCard>

      {lastMonth ? (
        <SectionCard
          id="property-performance-heading"
          title="Property performance"
          description={`Each property's revenue in ${formatMonthLong(lastMonth.month)} and its share of the month.`}
        >
          <PropertyPerformance month={lastMonth} />
        </SectionCard>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard id="insights-heading" title="Performance insights">
          <TipList icon={Lightbulb} items={INSIGHTS} />
        </SectionCard>
        <SectionCard id="actions-heading" title="Recommended actions">
          <TipList icon={ListChecks} items={ACTIONS} />
        </SectionCard>
      </div>
    </div>
  );
}

function PropertyPerformance({ month }: { month: TMonthlyRevenueAnalytics["monthlyBreakdown"][number] }) {
  if (month.properties.length === 0) {
    return (
      <AnalyticsEmpty icon={Building2} title="No revenue this month yet">
        <p>When a confirmed stay checks in during {formatMonthLong(month.month)}, its property appears here.</p>
      </AnalyticsEmpty>
    );
  }
  const properties = [...month.properties].sort((a, b) => b.revenue - a.revenue);
  return (
    <ul aria-label="Properties" className="grid gap-5">
      {properties.map((property) => {
        const share = revenueShare(property.revenue, month.revenue);
        return (
          <li key={property.id} data-property-id={property.id}>
            <div className="flex items-baseline justify-between gap-4">
              <p className="min-w-0 font-medium break-words">{property.name}</p>
              <p className="shrink-0 font-display text-lg tabular-nums">{formatPounds(property.revenue)}</p>
            </div>
            <ShareBar percent={share} className="mt-2" />
            <p className="mt-1.5 flex flex-wrap justify-between gap-x-4 text-sm text-muted-foreground tabular-nums">
              <span>{pluralize(property.bookings, "booking")}</span>
              <span>{formatPercent(Math.round(share * 10) / 10)} of the month's revenue</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
