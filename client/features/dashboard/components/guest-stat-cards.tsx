import { Building2, CalendarCheck, Heart } from "lucide-react";
import { formatInteger } from "@/lib/format";
import { useDashboardStats } from "../api/guest-dashboard-api";
import { type FigureLink, FigureLinkList } from "./figure-link-card";
import { PanelError } from "./panel-states";

/** Three clickable cards with the figures of GET /api/dashboard/stats; each leads to its list. */
export function GuestStatCards() {
  const stats = useDashboardStats();
  const loading = stats.isPending;
  const figures = stats.data;
  const cards: FigureLink[] = [
    {
      to: "/properties",
      icon: Building2,
      title: "Available Properties",
      value: figures && formatInteger(figures.totalProperties),
      action: "Across London",
    },
    {
      to: "/bookings",
      icon: CalendarCheck,
      title: "Your Bookings",
      value: figures && formatInteger(figures.userBookingsCount),
      action: "View All Bookings",
    },
    {
      to: "/saved-properties",
      icon: Heart,
      title: "Saved Properties",
      value: figures && formatInteger(figures.savedPropertiesCount),
      action: "View Saved",
    },
  ];
  return (
    <section aria-label="Your figures" className="grid gap-4">
      <FigureLinkList loading={loading} className="grid gap-4 sm:grid-cols-3 sm:gap-5" cards={cards} />
      {stats.isError ? (
        <PanelError
          message="We couldn't load your figures."
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : null}
    </section>
  );
}
