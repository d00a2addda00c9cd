import { formatPence } from "@common/domain/stay-modes";
import { DEPOSIT_STATE_LABELS } from "@common/domain/tenancy-deposits";
import type { TDepositProtection } from "@common/schemas/tenancy-deposits";
import { formatWeekdayDate } from "@common/utils/dates";
import { FileDown, ShieldCheck } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";

const STATE_BADGES = { protected: "success", due: "warning", overdue: "destructive" } as const;

/**
 * Where a tenancy's deposit stands, the same on the tenant's and the landlord's bookings: protected (with the scheme,
 * certificate and the prescribed information), due by a date, or overdue.
 */
export function DepositProtectionStatus({
  bookingId,
  deposit,
  children,
}: {
  bookingId: number;
  deposit: TDepositProtection;
  /** The landlord's form to record it. */
  children?: React.ReactNode;
}) {
  const headingId = `booking-${bookingId}-deposit`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-border bg-muted/40 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden="true" className="size-4 text-brass-700" />
          Deposit of {formatPence(deposit.amountPence)}
        </h4>
        <Badge variant={STATE_BADGES[deposit.state]}>{DEPOSIT_STATE_LABELS[deposit.state]}</Badge>
      </div>
      {deposit.state === "protected" && deposit.protectedOn ? (
        <>
          <p className="mt-2 leading-relaxed">
            Protected with {deposit.schemeName} on{" "}
            <time dateTime={deposit.protectedOn}>{formatWeekdayDate(deposit.protectedOn)}</time>, certificate{" "}
            <span className="font-mono">{deposit.certificateNumber}</span>.
          </p>
          <a
            href={`/api/bookings/${bookingId}/deposit/prescribed-information.pdf`}
            className="mt-2 inline-flex items-center gap-1.5 font-semibold underline underline-offset-4"
          >
            <FileDown aria-hidden="true" className="size-4" />
            Prescribed information (PDF)
          </a>
        </>
      ) : (
        <p className="mt-2 leading-relaxed">
          Received <time dateTime={deposit.receivedOn}>{formatWeekdayDate(deposit.receivedOn)}</time>. The landlord must
          protect it in a government-approved scheme by{" "}
          <time dateTime={deposit.dueOn} className="font-semibold">
            {formatWeekdayDate(deposit.dueOn)}
          </time>
          {deposit.state === "overdue" ? ", and that day has passed." : "."}
        </p>
      )}
      {children}
    </section>
  );
}
