import { formatDateGb } from "@common/domain/calendar-dates";
import { RECENT_ACTIVITY_LIMIT, type TActivityItem } from "@common/schemas/dashboard";
import { formatDate } from "@common/utils/dates";
import { History } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { cn } from "@/lib/utils";
import { useRecentActivity } from "../api/guest-dashboard-api";
import { type ActivityTone, activityStatusLabel, activityTone } from "../utils/activity";
import { DashboardPanel, PanelError } from "./panel-states";

/** Confirmed green, pending yellow, cancelled red, saved blue, anything else grey. */
const DOT_CLASSES: Record<ActivityTone, string> = {
  success: "bg-green-600 ring-green-600/15",
  warning: "bg-yellow-400 ring-yellow-400/25",
  danger: "bg-red-600 ring-red-600/15",
  info: "bg-blue-600 ring-blue-600/15",
  neutral: "bg-gray-400 ring-gray-400/20",
};

function ActivityRow({ item }: { item: TActivityItem }) {
  const dates =
    item.type === "booking" && item.checkIn && item.checkOut
      ? `${formatDateGb(item.checkIn)} – ${formatDateGb(item.checkOut)}`
      : formatDate(item.createdAt);
  return (
    <li className="flex gap-3 py-3.5 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        data-tone={activityTone(item)}
        className={cn("mt-1.5 size-2.5 shrink-0 rounded-full ring-4", DOT_CLASSES[activityTone(item)])}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={`/property/${item.propertyId}`}
          className="font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {item.propertyTitle}
        </Link>
        <p className="mt-0.5 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{activityStatusLabel(item)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {dates}
        </p>
      </div>
    </li>
  );
}

function ActivitySkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">Loading recent activity…</span>
      <SkeletonRows
        count={4}
        className="flex gap-3"
        lead="mt-1 size-3 rounded-full"
        lines={["h-4 w-3/4", "h-3.5 w-1/2"]}
      />
    </div>
  );
}

/** The latest 5 bookings and saves, each with its coloured dot and status. */
export function RecentActivityPanel({ className }: { className?: string }) {
  const activity = useRecentActivity();
  return (
    <DashboardPanel title="Recent activity" description="Your latest bookings and saved homes." className={className}>
      {activity.isPending ? (
        <ActivitySkeleton />
      ) : activity.isError ? (
        <PanelError
          message="We couldn't load your recent activity."
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : activity.data.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 py-8 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-muted-foreground">
            <History aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="font-medium">No activity yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Your bookings and saved properties will appear here.</p>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to="/properties">Find a place to stay</Link>
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {activity.data.slice(0, RECENT_ACTIVITY_LIMIT).map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
