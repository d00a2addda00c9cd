import type { TOccupancyAnalytics } from "@common/schemas/analytics";
import {
  BedDouble,
  Building2,
  CalendarCheck,
  CalendarRange,
  Gauge,
  LayoutDashboard,
  Lightbulb,
  MoonStar,
  PoundSterling,
  Sparkles,
} from "lucide-react";
import { Link } from "react-router";
import { BarChart } from "@/components/charts/bar-chart";
import { LineChart } from "@/components/charts/line-chart";
import { AlertDialogAction, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Fact } from "@/components/ui/fact";
import { LinkButton } from "@/components/ui/link-button";
import { SectionCard } from "@/components/ui/section-card";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { formatPercent } from "@/lib/format";
import type { QueryPageState } from "@/lib/query-state";
import { cn } from "@/lib/utils";
import {
  formatDayMonth,
  formatDayMonthNumeric,
  formatNightsRatio,
  formatStayLength,
  formatWeekCommencing,
} from "../utils/analytics-format";
import { canOptimize, occupancyLabel, occupancyStyle } from "../utils/occupancy-bands";
import { AnalyticsEmpty, AnalyticsPageFrame, OCCUPANCY_HINT, TipList } from "./analytics-parts";

/** Static advice: shown on the page and, for a property under 80%, behind its Optimize button. */
const OPTIMISATION_TIPS = [
  "Offer a lower price for stays of a week or more to fill the quiet nights between weekends.",
  "Lead with your best photo: a bright living room or the view sells more nights than a bathroom.",
  "Reply to requests within a few hours; guests who wait book elsewhere.",
  "Open your calendar further ahead: travellers to London often book two or three months in advance.",
];

type PropertyOccupancy = TOccupancyAnalytics["properties"][number];

/** Occupancy Analytics: overall figures, each property's 8 weeks and the week-by-week breakdown. */
export function OccupancyPage({ state }: { state: QueryPageState<TOccupancyAnalytics> }) {
  return (
    <AnalyticsPageFrame
      eyebrow="Your properties"
      title="Occupancy Analytics"
      lead="How full your properties have been over the last eight weeks and this month."
      hint={OCCUPANCY_HINT}
      actions={
        <>
          <LinkButton to="/landlord/revenue" icon={PoundSterling} variant="outline">
            Revenue Analytics
          </LinkButton>
          <LinkButton to="/dashboard" icon={LayoutDashboard} variant="ghost">
            Dashboard
          </LinkButton>
        </>
      }
      state={state}
      loadingLabel="Loading your occupancy…"
      figureCount={4}
      errorTitle="Failed to load occupancy data"
    >
      {(analytics) => <OccupancyContent analytics={analytics} />}
    </AnalyticsPageFrame>
  );
}

function OccupancyContent({ analytics }: { analytics: TOccupancyAnalytics }) {
  // Each property's 8 trend figures are the same 8 weeks as the breakdown, oldest first.
  const weeks = analytics.weeklyBreakdown.map((w) => w.week);
  return (
    <div className="grid gap-10">
      <SummaryStatsSection
        headingId="occupancy-figures-heading"
        heading="Occupancy figures"
        gridClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        figures={[
          { icon: Gauge, label: "Overall Rate", value: formatPercent(analytics.overallRate), hint: "Last 8 weeks" },
          {
            icon: CalendarCheck,
            label: "This Month",
            value: formatPercent(analytics.monthlyRate),
            hint: "This calendar month",
          },
          {
            icon: BedDouble,
            label: "Average Stay",
            value: formatStayLength(analytics.avgStayDuration),
            hint: "Stays in the last 8 weeks",
          },
          {
            icon: MoonStar,
            label: "Nights Booked",
            value: formatNightsRatio(analytics.bookedNights, analytics.totalNights),
            hint: "Booked over available, last 8 weeks",
          },
        ]}
      />

      <section aria-labelledby="property-occupancy-heading">
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <h2 id="property-occupancy-heading" className="font-display text-2xl font-medium">
            By property
          </h2>
          {analytics.properties.length > 0 ? <BandLegend /> : null}
        </div>
        {analytics.properties.length === 0 ? (
          <div className="mt-5">
            <AnalyticsEmpty
              icon={Building2}
              title="No properties to measure yet"
              action={
                <Button asChild variant="outline">
                  <Link to="/landlord/properties">Go to My Properties</Link>
                </Button>
              }
            >
              <p>Once you list a property, its occupancy over the last eight weeks appears here.</p>
            </AnalyticsEmpty>
          </div>
        ) : (
          <ul className="mt-5 grid gap-6 lg:grid-cols-2">
            {analytics.properties.map((property) => (
              <li key={property.id}>
                <PropertyOccupancyCard property={property} weeks={weeks} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-5">
        <SectionCard
          id="weekly-breakdown-heading"
          title="Weekly breakdown"
          description="All your properties together, week by week."
          className="lg:col-span-3"
        >
          <WeeklyBreakdown weeks={analytics.weeklyBreakdown} />
        </SectionCard>
        <SectionCard id="optimisation-tips-heading" title="Optimisation tips" className="self-start lg:col-span-2">
          <TipList icon={Lightbulb} items={OPTIMISATION_TIPS} />
        </SectionCard>
      </div>
    </div>
  );
}

/** The five colour bands of occupancy, so a bar's colour can be read without guessing. */
const LEGEND = [
  { rate: 90, text: "90% or more" },
  { rate: 80, text: "80–89%" },
  { rate: 70, text: "70–79%" },
  { rate: 60, text: "60–69%" },
  { rate: 0, text: "Under 60%" },
] as const;

function BandLegend() {
  return (
    <ul aria-label="Colour key" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
      {LEGEND.map((band) => (
        <li key={band.rate} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("size-2.5 rounded-sm", occupancyStyle(band.rate).bar)} />
          {band.text}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn("size-2.5 rounded-sm", occupancyStyle(0, "maintenance").bar)} />
        Under Maintenance
      </li>
    </ul>
  );
}

function PropertyOccupancyCard({ property, weeks }: { property: PropertyOccupancy; weeks: readonly string[] }) {
  const headingId = `occupancy-property-${property.id}`;
  const style = occupancyStyle(property.occupancyRate, property.status);
  const label = occupancyLabel(property.occupancyRate, property.status);
  return (
    <article
      aria-labelledby={headingId}
      data-property-id={property.id}
      className="flex h-full flex-col rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 id={headingId} className="min-w-0 font-display text-xl leading-snug font-medium break-words">
          {property.name}
        </h3>
        <span
          data-band={label}
          className={cn(
            "inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
            style.badge,
          )}
        >
          {label}
        </span>
      </div>

      <div className="mt-4 flex items-end gap-3">
        <p className={cn("font-display text-4xl font-medium tabular-nums", style.text)}>
          {formatPercent(property.occupancyRate)}
        </p>
        <p className="pb-1.5 text-sm text-muted-foreground">occupancy, last 8 weeks</p>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact term="Booked nights">{formatNightsRatio(property.bookedNights, property.totalNights)}</Fact>
        <Fact term="Average stay">{formatStayLength(property.avgStayDuration)}</Fact>
        <Fact term="Peak days">{property.peakDays.length > 0 ? property.peakDays.join(", ") : "None yet"}</Fact>
        <Fact term="Status">{property.status === "maintenance" ? "Under Maintenance" : "Active"}</Fact>
      </dl>

      <div className="mt-6 mb-6">
        <p className="text-xs tracking-wide text-muted-foreground uppercase">8-week trend</p>
        <BarChart
          className="mt-3"
          caption={`${property.name}: occupancy by week, last 8 weeks`}
          labelHeader="Week"
          valueHeader="Occupancy"
          fixedMax={100}
          heightClassName="h-32"
          emptyText="No nights booked in these weeks"
          data={property.monthlyTrend.map((rate, index) => {
            const week = weeks[index];
            return {
              key: week ?? String(index),
              label: week ? formatWeekCommencing(week) : `Week ${index + 1}`,
              axisLabel: week ? formatDayMonth(week) : `W${index + 1}`,
              compactAxisLabel: week ? formatDayMonthNumeric(week) : `W${index + 1}`,
              value: rate,
              valueText: formatPercent(rate),
              compactValueText: `${Math.round(rate)}%`,
              colourClassName: occupancyStyle(rate, property.status).bar,
            };
          })}
        />
      </div>

      <div className="mt-auto flex flex-wrap items-center gap-3 border-t border-border pt-4">
        <Button asChild variant="outline" size="sm">
          <Link to={`/properties/${property.id}`}>
            View Details
            <span className="sr-only">: {property.name}</span>
          </Link>
        </Button>
        {canOptimize(property.occupancyRate, property.status) ? <OptimizeButton property={property} /> : null}
      </div>
    </article>
  );
}

/** Optimize shows an alert with tips. An alert dialog: read out at once, closed with one button. */
function OptimizeButton({ property }: { property: PropertyOccupancy }) {
  return (
    <AlertDialogFrame
      contentClassName="max-w-lg"
      trigger={
        <Button size="sm">
          <Sparkles aria-hidden="true" />
          Optimize
          <span className="sr-only">: {property.name}</span>
        </Button>
      }
      title={<>Fill more nights at {property.name}</>}
      description={
        <>
          {property.name} was {formatPercent(property.occupancyRate)} occupied over the last eight weeks. A few ideas to
          lift it:
        </>
      }
      footer={<AlertDialogAction>Got it</AlertDialogAction>}
    >
      <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed text-muted-foreground">
        {OPTIMISATION_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </AlertDialogFrame>
  );
}

/** A week with no nights to offer (nothing listed yet) is not a bad week: grey, not red. */
function weekStyle(week: TOccupancyAnalytics["weeklyBreakdown"][number]) {
  return week.nights > 0 ? occupancyStyle(week.rate) : NO_NIGHTS_STYLE;
}
const NO_NIGHTS_STYLE = occupancyStyle(0, "maintenance");

function WeeklyBreakdown({ weeks }: { weeks: TOccupancyAnalytics["weeklyBreakdown"] }) {
  const data = weeks.map((week) => ({
    key: week.week,
    label: formatWeekCommencing(week.week),
    axisLabel: formatDayMonth(week.week),
    compactAxisLabel: formatDayMonthNumeric(week.week),
    value: week.rate,
    valueText: formatPercent(week.rate),
    colourClassName: weekStyle(week).bar,
  }));
  return (
    <>
      <LineChart
        caption="Occupancy by week, last 8 weeks"
        labelHeader="Week"
        valueHeader="Occupancy"
        fixedMax={100}
        emptyText="No nights booked in these weeks"
        data={data}
      />
      <ul aria-label="Weeks, newest first" className="mt-6 divide-y divide-border border-y border-border">
        {[...weeks].reverse().map((week) => {
          const style = weekStyle(week);
          return (
            <li key={week.week} data-week={week.week} className="flex items-center justify-between gap-4 py-3 text-sm">
              <span className="flex min-w-0 items-start gap-2">
                <CalendarRange aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
                <span className="flex flex-col sm:flex-row sm:gap-4">
                  <span className="font-medium">{formatWeekCommencing(week.week)}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {formatNightsRatio(week.booked, week.nights)} nights
                  </span>
                </span>
              </span>
              <span
                className={cn(
                  "inline-flex min-w-16 shrink-0 justify-center rounded-full border px-2.5 py-0.5 text-xs font-semibold tabular-nums",
                  style.badge,
                )}
              >
                {formatPercent(week.rate)}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
