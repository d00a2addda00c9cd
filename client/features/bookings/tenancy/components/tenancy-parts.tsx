import { londonToday } from "@common/domain/calendar-dates";
import { formatPence } from "@common/domain/money-documents";
import { PET_REQUEST_STATUS_LABELS, rentIncreaseNoticeMonths } from "@common/domain/tenant-rights";
import type { TPetRequest, TRentIncrease, TTenancyRights } from "@common/schemas/tenant-rights";
import { formatWeekdayDate } from "@common/utils/dates";
import { FileText } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { FormFailure } from "@/components/ui/form-failure";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { serverMessageOf } from "@/lib/error-message";
import { useTenancyRights } from "../api/tenant-rights-api";

export type TenancySide = "tenant" | "landlord";
type BadgeVariant = NonNullable<BadgeProps["variant"]>;

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
      className="mt-4 grid gap-5 rounded-2xl border border-border bg-secondary/40 p-4"
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

/** One part of the tenancy (its statement, its rent, its pets) under a heading of its own. */
export function RightsPart({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 text-sm">
      <h5 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h5>
      {children}
    </section>
  );
}

/** The notice a rent increase served today needs, in words: two months' under the Act. */
export const increaseNoticeWords = () =>
  rentIncreaseNoticeMonths(londonToday()) === 2 ? "two months' notice" : "one month's notice";

export const dateOf = (date: string) => <time dateTime={date}>{formatWeekdayDate(date)}</time>;
/** The London day of a moment (an acceptance, an answer), as both sides lived it. */
export const dayOf = (instant: string) => dateOf(londonToday(new Date(instant)));

/** The written statement of terms, its PDF and whether the tenant has accepted it; `action` is the tenant's step. */
export function StatementPart({
  rights,
  side,
  action,
}: {
  rights: TTenancyRights;
  side: TenancySide;
  action?: React.ReactNode;
}) {
  const { statement } = rights;
  return (
    <RightsPart title="Statement of terms">
      <a className="inline-flex items-center gap-1.5 font-medium underline" href={statement.pdfUrl}>
        <FileText aria-hidden="true" className="size-4 shrink-0" />
        Written statement of terms (PDF)
      </a>
      {statement.acceptedAt ? (
        <p className="text-muted-foreground">
          {side === "tenant" ? "You accepted it" : "Your tenant accepted it"} on {dayOf(statement.acceptedAt)}.
        </p>
      ) : (
        (action ?? (
          <p className="text-muted-foreground">
            {side === "tenant" ? "You did not accept it." : "Your tenant has not accepted it yet."}
          </p>
        ))
      )}
    </RightsPart>
  );
}

/** The rent now and the Section 13 notices served, each with its PDF; `form` is the landlord's next notice. */
export function RentPart({
  rights,
  side,
  form,
}: {
  rights: TTenancyRights;
  side: TenancySide;
  form?: React.ReactNode;
}) {
  const increases = rights.rentIncreases;
  return (
    <RightsPart title="Rent">
      <p>Rent now: {formatPence(rights.currentMonthlyRentPence)} a month.</p>
      {increases.length === 0 ? (
        <p className="text-muted-foreground">
          {side === "tenant"
            ? `Your landlord has not served a rent increase. Rent can go up only by a Section 13 notice, at most once a year, with ${increaseNoticeWords()}.`
            : "No rent increase served yet."}
        </p>
      ) : (
        <ul aria-label="Rent increases" className="grid gap-2">
          {increases.map((increase) => (
            <RentIncreaseItem key={increase.id} increase={increase} />
          ))}
        </ul>
      )}
      {form}
    </RightsPart>
  );
}

function RentIncreaseItem({ increase }: { increase: TRentIncrease }) {
  return (
    <li className="rounded-xl border border-brass-300 bg-card p-3">
      <p className="font-medium">
        New rent {formatPence(increase.monthlyRentPence)} a month from {dateOf(increase.startsOn)}
      </p>
      <p className="text-muted-foreground">
        Was {formatPence(increase.previousMonthlyRentPence)}. Notice served {dateOf(increase.servedOn)}.
      </p>
      <a className="mt-1 inline-flex items-center gap-1.5 font-medium underline" href={increase.noticeUrl}>
        <FileText aria-hidden="true" className="size-4 shrink-0" />
        Section 13 notice (PDF)
      </a>
    </li>
  );
}

/** The badge of a request as each side reads it: what waits on whom, or the answer. */
function petBadge(request: TPetRequest, side: TenancySide): { label: string; variant: BadgeVariant } {
  if (request.overdue) return { label: "Overdue", variant: "destructive" };
  if (request.status === "approved") return { label: PET_REQUEST_STATUS_LABELS.approved, variant: "success" };
  if (request.status === "refused") return { label: PET_REQUEST_STATUS_LABELS.refused, variant: "outline" };
  return {
    label: side === "landlord" ? "Awaiting your answer" : PET_REQUEST_STATUS_LABELS.pending,
    variant: "warning",
  };
}

/** When it was asked and what is due, in the reader's terms. */
function petDates(request: TPetRequest, side: TenancySide): React.ReactNode {
  const asked = <>Asked {dateOf(request.askedOn)}.</>;
  const due = dateOf(request.answerDueOn);
  if (request.status !== "pending") {
    return (
      <>
        {asked} Answered {request.answeredAt ? dayOf(request.answeredAt) : null}.
      </>
    );
  }
  if (side === "landlord") {
    return request.overdue ? (
      <>
        {asked} Your answer was due by {due}: answer now.
      </>
    ) : (
      <>
        {asked} Answer by {due}.
      </>
    );
  }
  return request.overdue ? (
    <>
      {asked} Your landlord's answer was due by {due} and is overdue.
    </>
  ) : (
    <>
      {asked} Your landlord must answer by {due}.
    </>
  );
}

/** One pet request, its status, its dates and answer; `answer` is the landlord's form while it waits. */
function PetRequestItem({
  request,
  side,
  answer,
}: {
  request: TPetRequest;
  side: TenancySide;
  answer?: React.ReactNode;
}) {
  const badge = petBadge(request, side);
  return (
    <li className="grid gap-1 rounded-xl border border-border bg-card p-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{request.description}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </p>
      <p className="text-muted-foreground">{petDates(request, side)}</p>
      {request.refusalReason ? <p>Reason: {request.refusalReason}</p> : null}
      {answer}
    </li>
  );
}

/** A tenancy's pet requests, newest first; `answerFor` gives the landlord's form for one that waits. */
export function PetRequestList({
  requests,
  side,
  answerFor,
}: {
  requests: TPetRequest[];
  side: TenancySide;
  answerFor?: (request: TPetRequest) => React.ReactNode;
}) {
  if (requests.length === 0) return null;
  return (
    <ul aria-label="Pet requests" className="grid gap-2">
      {requests.map((request) => (
        <PetRequestItem key={request.id} request={request} side={side} answer={answerFor?.(request)} />
      ))}
    </ul>
  );
}
