import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, CalendarDays, Hourglass, PoundSterling } from "lucide-react";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStatList } from "@/components/ui/summary-stat";
import { formatInteger, formatPounds } from "@/lib/format";
import { adminBookingStatsQueryOptions } from "../api/admin-bookings-api";

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-4";

/** Four figures over every booking on the platform, whatever the list below is filtered to. */
export function BookingFigures() {
  const stats = useQuery(adminBookingStatsQueryOptions);
  return (
    <section aria-labelledby="booking-figures-heading">
      <h2 id="booking-figures-heading" className="sr-only">
        Figures
      </h2>
      {stats.isPending ? (
        <LoadingBlock label="Loading the figures…" className={GRID}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
            <Skeleton key={i} className="h-32 rounded-2xl" />
          ))}
        </LoadingBlock>
      ) : stats.isError ? (
        <LoadErrorAlert
          title="Failed to load the booking figures"
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <SummaryStatList
          className={GRID}
          figures={[
            {
              icon: CalendarDays,
              label: "Total Bookings",
              value: formatInteger(stats.data.total),
              hint: "Every booking, all statuses",
            },
            {
              icon: PoundSterling,
              label: "Revenue",
              value: formatPounds(stats.data.revenue),
              hint: "Confirmed and completed bookings",
            },
            {
              icon: Hourglass,
              label: "Pending",
              value: formatInteger(stats.data.pending),
              hint: "Awaiting an answer or a card payment",
            },
            {
              icon: CalendarCheck,
              label: "Confirmed",
              value: formatInteger(stats.data.confirmed),
              hint: "Booked stays not yet completed",
            },
          ]}
        />
      )}
    </section>
  );
}
