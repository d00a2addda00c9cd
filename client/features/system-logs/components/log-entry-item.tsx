import type { TAuditLogEntry } from "@common/schemas/audit-logs";
import { ChevronRight, UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { AuditTypeBadge } from "@/components/ui/audit-type-badge";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { describeTarget, detailRows, formatLogTimestamp } from "../utils/system-logs-rules";

/** A person an entry names: a link to their profile when they have an account. */
function Person({ person }: { person: { id: number; label: string } }) {
  return (
    <Link
      to={`/admin/users/${person.id}/profile`}
      className="min-w-0 break-words text-foreground underline decoration-brass-500/60 underline-offset-2 hover:decoration-foreground"
    >
      {person.label}
    </Link>
  );
}

/** One "Label value" pair of the entry's second line. */
function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="shrink-0">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * One System Logs entry (type, user, message, timestamp), then who acted, whom or what it was about and
 * the request behind it, and the entry's details on demand. A card on a phone, a row of the log on wider screens.
 */
export function LogEntryItem({ entry }: { entry: TAuditLogEntry }) {
  const headingId = `log-entry-${entry.id}`;
  const details = detailRows(entry.details);
  // The entry's user is whoever acted, else whom it is about: their profile when they have an account. Beside
  // an actor, the subject is named on the second line ("About").
  const userAccount = entry.actor ?? entry.subject;
  const about = entry.actor ? entry.subject : null;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border border-border bg-card p-4 shadow-soft md:grid-cols-[7.5rem_minmax(0,1fr)_auto] md:gap-x-6 md:rounded-none md:border-0 md:bg-transparent md:px-6 md:py-5 md:shadow-none"
    >
      <div className="flex items-center justify-between gap-3 md:items-start md:pt-0.5">
        <AuditTypeBadge type={entry.type} />
        <time dateTime={entry.timestamp} className="text-xs text-muted-foreground tabular-nums md:hidden">
          {formatLogTimestamp(entry.timestamp)}
        </time>
      </div>

      <div className="min-w-0">
        <p id={headingId} className="font-medium leading-snug break-words">
          {entry.message}
        </p>
        <p className="mt-1 flex min-w-0 items-start gap-1.5 text-sm text-muted-foreground">
          <UserRound aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-brass-700" />
          <span className="sr-only">User: </span>
          {userAccount ? (
            <Person person={userAccount} />
          ) : (
            <span className="min-w-0 break-words text-foreground">{entry.user}</span>
          )}
        </p>
        {about || entry.target || entry.requestId ? (
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
            {about ? (
              <Meta label="About">
                <Person person={about} />
              </Meta>
            ) : null}
            {entry.target ? <Meta label="Target">{describeTarget(entry.target)}</Meta> : null}
            {entry.requestId ? (
              <Meta label="Request">
                <span className="font-mono break-all">{entry.requestId}</span>
              </Meta>
            ) : null}
          </dl>
        ) : null}
        {details.length > 0 ? (
          <details className="group mt-2 text-sm">
            <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md text-xs font-medium text-brass-700 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden="true" className="size-3.5 transition-transform group-open:rotate-90" />
              Details
            </summary>
            <dl className="mt-2 grid gap-x-4 gap-y-1.5 rounded-xl bg-ivory p-3 text-xs sm:grid-cols-[10rem_minmax(0,1fr)]">
              {details.map((row) => (
                <div key={row.label} className="contents">
                  <dt className="text-muted-foreground">{row.label}</dt>
                  <dd className="min-w-0 font-mono break-all text-foreground">{row.value}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </div>

      <time
        dateTime={entry.timestamp}
        className="hidden text-sm whitespace-nowrap text-muted-foreground tabular-nums md:block md:pt-0.5"
      >
        {formatLogTimestamp(entry.timestamp)}
      </time>
    </li>
  );
}

export function LogEntrySkeletons() {
  return (
    <ul
      aria-hidden="true"
      className="grid gap-3 md:gap-0 md:divide-y md:divide-border md:rounded-3xl md:border md:border-border md:bg-card"
    >
      <SkeletonRows
        count={5}
        as="li"
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 md:grid-cols-[7.5rem_1fr_10rem] md:gap-x-6 md:rounded-none md:border-0 md:px-6 md:py-5"
        lead="h-6 w-20 rounded-full"
        lines={["h-5 w-3/4", "h-4 w-1/2"]}
        linesClassName="grid gap-2"
        trail="hidden h-4 w-32 md:block"
      />
    </ul>
  );
}
