import { londonToday } from "@common/domain/calendar-dates";
import type { TPayoutTransfer } from "@common/entities/payout-account";
import { formatDate } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { SettlementBadge } from "@/components/ui/settlement-note";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds } from "@/lib/format";
import { queryPageState } from "@/lib/query-state";
import { payoutTransfersQueryOptions } from "../api/payouts-api";

/**
 * What StayLondon has sent to the payee's Stripe balance, and what it still holds for them with the day it goes:
 * a stay's share the day after check-in, a job's pay once the owner marks it paid. Stripe then pays the balance into
 * their bank on its own schedule.
 */
export function PayoutTransfersSection() {
  const transfers = useQuery(payoutTransfersQueryOptions);
  return (
    <SectionCard
      id="payout-history"
      title="Your payouts"
      description="Stripe pays what we send into your bank account on your account's payout schedule."
    >
      <QueryStateView
        state={queryPageState(transfers, "refetch")}
        errorTitle="Your payouts could not be loaded"
        loading={<Skeleton className="h-40 rounded-2xl" />}
      >
        {({ sent, upcoming }) => (
          <div className="grid gap-8">
            <TransferList
              title="Coming up"
              empty="Nothing is waiting: a stay's share is listed here once it is confirmed."
              dateLabel="To be sent on"
              items={upcoming}
              dates="day"
            />
            <TransferList
              title="Sent to your Stripe balance"
              empty="Nothing has been sent yet."
              dateLabel="Sent"
              items={sent}
              dates="time"
            />
          </div>
        )}
      </QueryStateView>
    </SectionCard>
  );
}

function TransferList({
  title,
  empty,
  dateLabel,
  items,
  dates,
}: {
  title: string;
  empty: string;
  dateLabel: string;
  items: TPayoutTransfer[];
  dates: "day" | "time";
}) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border border-y border-border">
          {items.map((item) => (
            <li key={`${item.reference}-${item.date}`} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {item.kind === "stay" ? "Stay" : "Maintenance job"} {item.reference}
                  <SettlementBadge settlement={item.demo ? "demo" : "collected"} />
                </p>
                <p className="text-muted-foreground">
                  {dateLabel}{" "}
                  <time dateTime={item.date}>
                    {formatDate(dates === "day" ? item.date : londonToday(new Date(item.date)))}
                  </time>
                </p>
              </div>
              <p className="shrink-0 font-display text-lg tabular-nums">{formatPounds(item.amount)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
