import { Building2, CalendarRange, Gauge, PoundSterling } from "lucide-react";
import { formatInteger, formatPercent, formatPounds } from "@/lib/format";
import { useLandlordAnalytics, useLandlordProperties } from "../api/landlord-dashboard-api";
import { FigureLinkCard } from "./figure-link-card";
import { PanelError } from "./panel-states";

/**
 * Four figure cards, each a link to its page. The property count is the length of My Properties (what the
 * Properties tab lists); the other three come from GET /api/analytics/landlord.
 */
export function LandlordStatCards() {
  const analytics = useLandlordAnalytics();
  const properties = useLandlordProperties();
  const figures = analytics.data;
  return (
    <section aria-label="Your figures" className="grid gap-4">
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-4">
        <FigureLinkCard
          dense
          to="/landlord/properties"
          icon={Building2}
          title="Total Properties"
          value={properties.data ? formatInteger(properties.data.length) : undefined}
          loading={properties.isPending}
          hint="All your listings"
          action="My Properties"
        />
        <FigureLinkCard
          dense
          to="/landlord/revenue"
          icon={PoundSterling}
          title="Total Revenue (£)"
          value={figures ? formatPounds(figures.totalRevenue) : undefined}
          loading={analytics.isPending}
          hint="Confirmed and completed stays"
          action="Revenue Analytics"
        />
        <FigureLinkCard
          dense
          to="/landlord/revenue/monthly"
          icon={CalendarRange}
          title="Monthly Revenue (£)"
          value={figures ? formatPounds(figures.monthlyRevenue) : undefined}
          loading={analytics.isPending}
          hint="Stays checking in this month"
          action="Monthly Analysis"
        />
        <FigureLinkCard
          dense
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
