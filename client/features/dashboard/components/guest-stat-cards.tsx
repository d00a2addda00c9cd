import { ArrowRight, Building2, CalendarCheck, Heart } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { formatInteger } from "@/lib/format";
import { useDashboardStats } from "../api/guest-dashboard-api";
import { PanelError } from "./panel-states";

type StatCardProps = {
  to: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  value: number | undefined;
  loading: boolean;
  action: string;
};

function StatCard({ to, icon: Icon, title, value, loading, action }: StatCardProps) {
  return (
    <Link
      to={to}
      className="group flex h-full flex-col rounded-2xl border border-border bg-card p-5 shadow-soft transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-foreground/30 hover:shadow-lift sm:p-6"
    >
      <span className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium text-muted-foreground">{title}</span>
        <span className="flex size-10 items-center justify-center rounded-xl bg-brass-100 text-brass-700">
          <Icon aria-hidden={true} className="size-5" />
        </span>
      </span>
      <span className="mt-3 block font-display text-4xl font-medium tracking-tight tabular-nums">
        {loading ? (
          <>
            <span aria-hidden="true" className="block h-10 w-20 animate-pulse rounded-lg bg-secondary-hover/80" />
            <span className="sr-only">Loading…</span>
          </>
        ) : value === undefined ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          formatInteger(value)
        )}
      </span>
      <span className="mt-3 flex items-center gap-1.5 text-sm font-medium text-brass-700">
        {action}
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}

/** Spec 1 §2: three clickable cards with the figures of GET /api/dashboard/stats. */
export function GuestStatCards() {
  const stats = useDashboardStats();
  const loading = stats.isPending;
  return (
    <section aria-label="Your figures" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3 sm:gap-5">
        <StatCard
          to="/"
          icon={Building2}
          title="Available Properties"
          value={stats.data?.totalProperties}
          loading={loading}
          action="Across London"
        />
        <StatCard
          to="/bookings"
          icon={CalendarCheck}
          title="Your Bookings"
          value={stats.data?.userBookingsCount}
          loading={loading}
          action="View All Bookings"
        />
        <StatCard
          to="/saved-properties"
          icon={Heart}
          title="Saved Properties"
          value={stats.data?.savedPropertiesCount}
          loading={loading}
          action="View Saved"
        />
      </div>
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
