import { Building2, CalendarRange, Gauge, PoundSterling } from "lucide-react";
import { SettlementNote } from "@/components/ui/settlement-note";
import { formatInteger, formatPercent, formatPounds } from "@/lib/format";
import { useLandlordAnalytics, useLandlordProperties } from "../api/landlord-dashboard-api";
import { type FigureLink, FigureLinkList } from "./figure-link-card";
import { PanelError } from "./panel-states";

/**
 * Four figure cards, each a link to its page. The property count is the length of My Properties (what the
 * Properties tab lists); the other three come from GET /api/analytics/landlord.
 */
export function LandlordStatCards() {
  const analytics = useLandlordAnalytics();
  const properties = useLandlordProperties();
  const figures = analytics.data;
  const cards: FigureLink[] = [
    {
      to: "/landlord/properties",
      icon: Building2,
      title: "Total Properties",
      value: properties.data ? formatInteger(properties.data.length) : undefined,
      loading: properties.isPending,
      hint: "All your listings",
      action: "My Properties",
    },
    {
      to: "/landlord/revenue",
      icon: PoundSterling,
      title: "Total Revenue (£)",
      value: figures ? formatPounds(figures.totalRevenue) : undefined,
      hint: "Your earnings, after guests' service fees",
      action: "Revenue Analytics",
    },
    {
      to: "/landlord/revenue/monthly",
      icon: CalendarRange,
      title: "Monthly Revenue (£)",
      value: figures ? formatPounds(figures.monthlyRevenue) : undefined,
      hint: "Stays checking in this month",
      action: "Monthly Analysis",
    },
    {
      to: "/landlord/occupancy",
      icon: Gauge,
      title: "Occupancy Rate (%)",
      value: figures ? formatPercent(figures.occupancyRate) : undefined,
      hint: "Booked nights this month",
      action: "Occupancy Analytics",
    },
  ];
  return (
    <section aria-label="Your figures" className="grid gap-4">
      <FigureLinkList
        dense
        loading={analytics.isPending}
        className="grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-4"
        cards={cards}
      />
      {figures ? <SettlementNote settlement={figures.settlement} /> : null}
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
