import type { TLandlordBooking } from "@common/schemas/bookings";
import { formatWeekdayDate } from "@common/utils/dates";
import { ArrowRight, BarChart3, CalendarDays, Plus, Settings2 } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { formatPounds } from "@/lib/format";
import { LANDLORD_STATUS_DOT_CLASSES, LANDLORD_STATUS_LABELS, landlordStageOf } from "@/lib/landlord-booking-status";
import { cn } from "@/lib/utils";
import { useLandlordDashboardBookings } from "../api/landlord-dashboard-api";
import { DashboardPanel, PanelError } from "./panel-states";
import type { AddPropertyDialogSlot } from "./slots";

/** The overview lists the latest 3 bookings. */
export const RECENT_BOOKINGS_COUNT = 3;

/** Recent Bookings and Quick Actions. */
export function LandlordOverviewTab({ AddPropertyDialog }: { AddPropertyDialog: AddPropertyDialogSlot }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8">
      <RecentBookingsPanel />
      <QuickActionsPanel AddPropertyDialog={AddPropertyDialog} />
    </div>
  );
}

function RecentBookingsPanel() {
  const bookings = useLandlordDashboardBookings();
  return (
    <DashboardPanel
      title="Recent Bookings"
      description="The latest requests and stays at your properties."
      action={
        <Button asChild variant="link" size="sm">
          <Link to="/landlord/bookings">View all</Link>
        </Button>
      }
    >
      {bookings.isPending ? (
        <RecentBookingsSkeleton />
      ) : bookings.isError ? (
        <PanelError
          message="Failed to load bookings data"
          onRetry={() => void bookings.refetch()}
          retrying={bookings.isFetching}
        />
      ) : bookings.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input px-5 py-8 text-center text-muted-foreground">
          No bookings yet
        </p>
      ) : (
        // The list arrives newest first.
        <ul className="divide-y divide-border">
          {bookings.data.slice(0, RECENT_BOOKINGS_COUNT).map((booking) => (
            <RecentBookingRow key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}

function RecentBookingRow({ booking }: { booking: TLandlordBooking }) {
  const stage = landlordStageOf(booking);
  return (
    <li className="flex items-start gap-3 py-4 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        data-status={booking.status}
        className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", LANDLORD_STATUS_DOT_CLASSES[stage])}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{LANDLORD_STATUS_LABELS[stage]}</p>
        <p className="mt-0.5 font-display text-lg leading-snug font-medium break-words">{booking.propertyTitle}</p>
        <p className="mt-0.5 text-sm text-muted-foreground">
          {booking.guestName}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {formatWeekdayDate(booking.checkInDate)} to {formatWeekdayDate(booking.checkOutDate)}
        </p>
      </div>
      <p className="shrink-0 font-display text-lg font-medium tabular-nums">{formatPounds(booking.totalPrice)}</p>
    </li>
  );
}

function RecentBookingsSkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">Loading recent bookings…</span>
      <SkeletonRows
        count={RECENT_BOOKINGS_COUNT}
        className="flex gap-3"
        lead="mt-1 size-3 rounded-full"
        lines={["h-3.5 w-24", "h-5 w-3/4", "h-3.5 w-1/2"]}
        trail="h-6 w-16"
      />
    </div>
  );
}

const QUICK_ACTION =
  "group flex w-full items-center gap-4 rounded-xl border border-border bg-card p-4 text-left transition-[border-color,box-shadow] hover:border-foreground/30 hover:shadow-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

function QuickActionBody({
  icon: Icon,
  title,
  text,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  text: string;
}) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brass-100 text-brass-700">
        <Icon aria-hidden={true} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{text}</span>
      </span>
      <ArrowRight
        aria-hidden="true"
        className="size-4 shrink-0 text-brass-700 transition-transform group-hover:translate-x-0.5"
      />
    </>
  );
}

/** Add New Property, View All Bookings, Property Settings and Analytics Report, each leading somewhere real. */
function QuickActionsPanel({ AddPropertyDialog }: { AddPropertyDialog: AddPropertyDialogSlot }) {
  return (
    <DashboardPanel title="Quick Actions">
      <ul className="grid gap-3">
        <li>
          <AddPropertyDialog
            trigger={
              <button type="button" className={QUICK_ACTION}>
                <QuickActionBody icon={Plus} title="Add New Property" text="List a home for guests to book." />
              </button>
            }
          />
        </li>
        <li>
          <Link to="/landlord/bookings" className={QUICK_ACTION}>
            <QuickActionBody icon={CalendarDays} title="View All Bookings" text="Answer requests and see every stay." />
          </Link>
        </li>
        <li>
          <Link to="/landlord/properties" className={QUICK_ACTION}>
            <QuickActionBody
              icon={Settings2}
              title="Property Settings"
              text="Photos, calendars, prices and availability."
            />
          </Link>
        </li>
        <li>
          <Link to="/landlord/revenue" className={QUICK_ACTION}>
            <QuickActionBody icon={BarChart3} title="Analytics Report" text="Revenue, monthly trends and occupancy." />
          </Link>
        </li>
      </ul>
    </DashboardPanel>
  );
}
