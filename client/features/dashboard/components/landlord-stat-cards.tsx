import { ArrowRight, Building2, CalendarRange, Gauge, PoundSterling } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { formatInteger, formatPounds } from "@/lib/format";
import { useLandlordAnalytics, useLandlordProperties } from "../api/landlord-dashboard-api";
import { PanelError } from "./panel-states";

const percent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/** "72.5%": occupancy arrives in percent with one decimal. */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

type FigureCardProps = {
  to: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  /** Undefined while loading or after a failure. */
  value: string | undefined;
  loading: boolean;
  hint: string;
  action: string;
};

function FigureCard({ to, icon: Icon, title, value, loading, hint, action }: FigureCardProps) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full flex-col rounded-2xl border border-border bg-card p-4 shadow-soft transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-foreground/30 hover:shadow-lift sm:p-6"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-sm font-medium text-muted-foreground">{title}</span>
          <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brass-100 text-brass-700 sm:flex">
            <Icon aria-hidden={true} className="size-5" />
          </span>
        </span>
        <span className="mt-2 block font-display text-2xl font-medium tracking-tight break-words tabular-nums sm:mt-3 sm:text-4xl">
          {loading ? (
            <>
              <span
                aria-hidden="true"
                className="block h-8 w-20 animate-pulse rounded-lg bg-secondary-hover/80 sm:h-10 sm:w-24"
              />
              <span className="sr-only">Loading…</span>
            </>
          ) : value === undefined ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">Not available</span>
            </>
          ) : (
            value
          )}
        </span>
        <span className="mt-1 block text-xs text-muted-foreground">{hint}</span>
        <span className="mt-auto flex items-center gap-1.5 pt-3 text-sm font-medium text-brass-700 sm:pt-4">
          {action}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </Link>
    </li>
  );
}

/**
 * Spec 2: four figure cards, each a link to its page. The property count is the length of My Properties (what the
 * Properties tab lists); the other three come from GET /api/analytics/landlord.
 */
export function LandlordStatCards() {
  const analytics = useLandlordAnalytics();
  const properties = useLandlordProperties();
  const figures = analytics.data;
  return (
    <section aria-label="Your figures" className="grid gap-4">
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-4">
        <FigureCard
          to="/landlord/properties"
          icon={Building2}
          title="Total Properties"
          value={properties.data ? formatInteger(properties.data.length) : undefined}
          loading={properties.isPending}
          hint="All your listings"
          action="My Properties"
        />
        <FigureCard
          to="/landlord/revenue"
          icon={PoundSterling}
          title="Total Revenue (£)"
          value={figures ? formatPounds(figures.totalRevenue) : undefined}
          loading={analytics.isPending}
          hint="Confirmed and completed stays"
          action="Revenue Analytics"
        />
        <FigureCard
          to="/landlord/revenue/monthly"
          icon={CalendarRange}
          title="Monthly Revenue (£)"
          value={figures ? formatPounds(figures.monthlyRevenue) : undefined}
          loading={analytics.isPending}
          hint="Stays checking in this month"
          action="Monthly Analysis"
        />
        <FigureCard
          to="/landlord/occupancy"
          icon={Gauge}
          title="Occupancy Rate (%)"
          value={figures ? formatPercent(figures.occupancyRate) : undefined}
          loading={analytics.isPending}
          hint="Booked nights this month"
          action="Occupancy Analytics"
        />
      </ul>
      {analytics.isError ? (
        <PanelError
          message="We couldn't load your revenue and occupancy figures."
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : null}
      {properties.isError ? (
        <PanelError
          message="Failed to load property data"
          onRetry={() => void properties.refetch()}
          retrying={properties.isFetching}
        />
      ) : null}
    </section>
  );
}
