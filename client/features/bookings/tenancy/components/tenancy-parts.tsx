import { formatPence } from "@common/domain/money-documents";
import { PET_REQUEST_STATUS_LABELS } from "@common/domain/tenant-rights";
import type { TPetRequest, TRentIncrease, TTenancyRights } from "@common/schemas/tenant-rights";
import { formatWeekdayDate } from "@common/utils/dates";
import { FileText } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { FormFailure } from "@/components/ui/form-failure";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { serverMessageOf } from "@/lib/error-message";
import { useTenancyRights } from "../api/tenant-rights-api";

/** A tenancy's rights, loaded, with a frame and heading; the side's own contents inside. */
export function TenancyRightsFrame({
  bookingId,
  children,
}: {
  bookingId: number;
  children: (rights: TTenancyRights) => React.ReactNode;
}) {
  const rights = useTenancyRights(bookingId);
  const headingId = `tenancy-rights-${bookingId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 grid gap-4 rounded-2xl border border-border bg-secondary/40 p-4"
    >
      <h4 id={headingId} className="text-sm font-semibold">
        Tenancy: statement, rent and pets
      </h4>
      {rights.isPending ? <LoadingSpinner label="Loading the tenancy…" /> : null}
      {rights.isError ? (
        <FormFailure>{serverMessageOf(rights.error, "The tenancy could not be loaded. Please try again.")}</FormFailure>
      ) : null}
      {rights.data ? children(rights.data) : null}
    </section>
  );
}

export const dateOf = (date: string) => <time dateTime={date}>{formatWeekdayDate(date)}</time>;

/** The rent increases served, each with its notice. */
export function RentIncreaseList({ increases }: { increases: TRentIncrease[] }) {
  if (increases.length === 0) return null;
  return (
    <ul className="grid gap-2 text-sm">
      {increases.map((increase) => (
        <li key={increase.id} className="rounded-xl border border-brass-300 bg-card p-3">
          <p className="font-medium">
            New rent {formatPence(increase.monthlyRentPence)} a month from {dateOf(increase.startsOn)}
          </p>
          <p className="text-muted-foreground">
            Was {formatPence(increase.previousMonthlyRentPence)}. Notice served {dateOf(increase.servedOn)}.
          </p>
          <a className="mt-1 inline-flex items-center gap-1.5 font-medium underline" href={increase.noticeUrl}>
            <FileText aria-hidden="true" className="size-4" />
            Section 13 notice (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One pet request, its status, last day and answer; `answer` is the landlord's form while it waits. */
export function PetRequestItem({ request, answer }: { request: TPetRequest; answer?: React.ReactNode }) {
  return (
    <li className="rounded-xl border border-border bg-card p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        Pet request: {request.description}
        <Badge variant={request.overdue ? "destructive" : "secondary"}>
          {request.overdue ? "Unanswered past 28 days" : PET_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      </p>
      <p className="text-muted-foreground">
        Asked {dateOf(request.askedOn)}; answer due by {dateOf(request.answerDueOn)}.
      </p>
      {request.refusalReason ? <p className="mt-1">Reason for refusing: {request.refusalReason}</p> : null}
      {answer}
    </li>
  );
}

/** A tenancy's pet requests, newest first; `answerFor` gives the landlord's form for one that waits. */
export function PetRequestList({
  requests,
  answerFor,
}: {
  requests: TPetRequest[];
  answerFor?: (request: TPetRequest) => React.ReactNode;
}) {
  if (requests.length === 0) return null;
  return (
    <ul className="grid gap-2">
      {requests.map((request) => (
        <PetRequestItem key={request.id} request={request} answer={answerFor?.(request)} />
      ))}
    </ul>
  );
}
