import type { TAdminProperty, TAdminPropertyAnalytics } from "@common/schemas/admin-properties";
import { formatMonthYear } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { BarChart3, CalendarOff } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { EmptyList } from "@/components/ui/empty-list";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { propertyAnalyticsQueryOptions } from "../api/admin-properties-api";
import { formatGrowth, weekLabel } from "../utils/analytics-format";

/** View Analytics: the listing's revenue and occupancy, read when the dialog opens. */
export function PropertyAnalyticsDialog({ property }: { property: TAdminProperty }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`View Analytics: ${property.title}`}>
          <BarChart3 aria-hidden="true" />
          View Analytics
        </Button>
      </Dialog.Trigger>
      <DialogPanel shape="sheet">
        <header className="relative border-b border-border px-5 pt-5 pb-4 sm:px-8 sm:pt-7 sm:pb-5">
          <p className="eyebrow">Listing analytics</p>
          <Dialog.Title className="mt-1.5 pr-10 font-display text-2xl leading-tight font-medium tracking-tight break-words">
            {property.title}
          </Dialog.Title>
          <Dialog.Description className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
            By the landlord's rules: revenue from confirmed and completed stays in the month they check in; occupancy as
            booked nights over the nights the listing was open.
          </Dialog.Description>
          <DialogCloseButton className="top-4 right-4 sm:top-5 sm:right-5" />
        </header>
        {/* Focusable, so the figures scroll from the keyboard when they are taller than the screen. */}
        <section
          aria-label={`Figures of ${property.title}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-6 outline-none focus-visible:ring-3 focus-visible:ring-brass-500/35 focus-visible:ring-inset sm:px-8 sm:py-7"
        >
          {open ? <AnalyticsBody propertyId={property.id} /> : null}
        </section>
      </DialogPanel>
    </Dialog.Root>
  );
}

function AnalyticsBody({ propertyId }: { propertyId: number }) {
  const query = useQuery(propertyAnalyticsQueryOptions(propertyId));
  if (query.isPending) return <AnalyticsSkeleton />;
  if (query.isError) {
    return <QueryErrorAlert title="Failed to load this listing's figures" query={query} announce />;
  }
  return <AnalyticsFigures figures={query.data} />;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-border bg-background/60 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-medium tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function AnalyticsFigures({ figures }: { figures: TAdminPropertyAnalytics }) {
  const { revenue, occupancy } = figures;
  const month = formatMonthYear(figures.month);
  return (
    <div className="grid gap-8">
      <section aria-labelledby="listing-revenue-heading">
        <h3 id="listing-revenue-heading" className="font-display text-lg font-medium">
          Revenue
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label="Total revenue" value={formatPounds(revenue.total)} hint="All time" />
          <Figure
            label={`This month (${month})`}
            value={formatPounds(revenue.thisMonth)}
            hint={formatGrowth(revenue.growth)}
          />
          <Figure label="Last month" value={formatPounds(revenue.lastMonth)} />
          <Figure label="Stays" value={formatInteger(revenue.stays)} hint="Confirmed and completed, all time" />
        </dl>
        {revenue.stays === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            No confirmed or completed stays yet, so this listing has earned nothing.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="listing-occupancy-heading">
        <h3 id="listing-occupancy-heading" className="font-display text-lg font-medium">
          Occupancy
        </h3>
        {occupancy ? (
          <>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <Figure
                label={`This month (${month})`}
                value={`${occupancy.monthlyRate}%`}
                hint={`${formatInteger(occupancy.monthBookedNights)} of ${pluralize(occupancy.monthOpenNights, "open night")} booked`}
              />
            </dl>
            <WeeklyTrend weeks={occupancy.weeks} />
          </>
        ) : (
          <EmptyList size="section" icon={CalendarOff} title="Not listed, so no occupancy" className="mt-3">
            Occupancy counts the nights a listing is open to guests. This listing is not listed, so it has none; its
            revenue above still counts.
          </EmptyList>
        )}
      </section>
    </div>
  );
}

/** The 8 weeks as a table anyone can read, with a bar beside each rate. */
function WeeklyTrend({ weeks }: { weeks: NonNullable<TAdminPropertyAnalytics["occupancy"]>["weeks"] }) {
  return (
    <table className="mt-5 w-full table-fixed text-sm">
      <caption className="mb-2 text-left font-medium">Occupancy in the last 8 weeks</caption>
      <colgroup>
        <col className="w-24 sm:w-28" />
        <col />
        <col className="w-20 sm:w-24" />
      </colgroup>
      <thead className="sr-only">
        <tr>
          <th scope="col">Week starting</th>
          <th scope="col">Occupancy</th>
          <th scope="col">Booked of open nights</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.week} className="border-t border-border">
            <th scope="row" className="py-2 pr-3 text-left font-normal text-muted-foreground">
              {weekLabel(week.week)}
            </th>
            <td className="py-2 pr-3">
              <span className="flex items-center gap-2">
                <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-secondary">
                  <span
                    className={cn("block h-full rounded-full", week.rate > 0 ? "bg-brass-500" : "bg-transparent")}
                    style={{ width: `${Math.min(100, week.rate)}%` }}
                  />
                </span>
                <span className="w-12 text-right font-medium tabular-nums">{week.rate}%</span>
              </span>
            </td>
            <td className="py-2 text-right text-muted-foreground tabular-nums">
              {week.nights === 0 ? "not open" : `${week.booked} of ${week.nights}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AnalyticsSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-8">
      <p role="status" className="sr-only">
        Loading this listing's figures…
      </p>
      <div className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-24 w-1/2 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}
