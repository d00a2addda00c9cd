import type { TAdminBookingDetails } from "@common/schemas/admin-bookings";
import { formatDateTime } from "@common/utils/dates";
import type * as React from "react";
import { formatPounds, toAmount } from "@/lib/format";
import { LANDLORD_STATUS_DOT_CLASSES, landlordStageOf } from "@/lib/landlord-booking-status";
import { cn } from "@/lib/utils";
import { historyActor, historyTitle } from "../utils/admin-booking-text";

function Step({
  dotClass,
  title,
  by,
  at,
  children,
}: {
  dotClass: string;
  title: string;
  by: string;
  at: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="group relative pb-5 pl-7 last:pb-0">
      {/* The line joining the steps, and each step's dot in the colour of the status it led to. */}
      <span aria-hidden="true" className="absolute top-2 bottom-0 left-[5px] w-px bg-border group-last:hidden" />
      <span
        aria-hidden="true"
        className={cn("absolute top-1.5 left-0 size-[11px] rounded-full ring-4 ring-card", dotClass)}
      />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">
        {by} · <time dateTime={at}>{formatDateTime(at)}</time>
      </p>
      {children}
    </li>
  );
}

/** The booking's life as a timeline, oldest first: made, then every status change with who, when and why. */
export function BookingHistory({ details }: { details: TAdminBookingDetails }) {
  return (
    <ol aria-label="Status history" className="text-sm">
      <Step
        dotClass={LANDLORD_STATUS_DOT_CLASSES.needs_approval}
        title="Booking made"
        by={`by the guest, ${details.guestAccount.name}`}
        at={details.createdAt}
      />
      {details.history.map((entry) => (
        <Step
          key={entry.id}
          dotClass={LANDLORD_STATUS_DOT_CLASSES[landlordStageOf({ status: entry.to, awaitingPayment: false })]}
          title={historyTitle(entry)}
          by={historyActor(entry)}
          at={entry.at}
        >
          {entry.reason || entry.refund !== null || entry.providerReference ? (
            <dl className="mt-1.5 grid gap-1 rounded-xl bg-ivory px-3 py-2 text-sm">
              {entry.reason ? (
                <div className="flex gap-2">
                  <dt className="text-muted-foreground">Reason</dt>
                  <dd className="break-words">{entry.reason}</dd>
                </div>
              ) : null}
              {entry.refund !== null ? (
                <div className="flex gap-2">
                  <dt className="text-muted-foreground">Refund</dt>
                  <dd>{toAmount(entry.refund) > 0 ? formatPounds(entry.refund) : "None due"}</dd>
                </div>
              ) : null}
              {entry.providerReference ? (
                <div className="flex min-w-0 gap-2">
                  <dt className="text-muted-foreground">Payment reference</dt>
                  <dd className="min-w-0 font-mono text-xs leading-5 break-all">{entry.providerReference}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </Step>
      ))}
    </ol>
  );
}
