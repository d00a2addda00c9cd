import type { AuditType } from "@common/domain/audit-log";
import type { TAuditLogEntry } from "@common/schemas/audit-logs";
import { formatDateTime } from "@common/utils/dates";
import { History } from "lucide-react";
import { EmptyList } from "@/components/ui/empty-list";
import { cn } from "@/lib/utils";

const DOT: Record<AuditType, string> = {
  error: "bg-destructive",
  warning: "bg-warning",
  success: "bg-success",
  info: "bg-brass-500",
};

/** The latest audit entries by or about the user: who did what, and when. */
export function UserActivity({ entries }: { entries: TAuditLogEntry[] }) {
  return (
    <section
      aria-labelledby="user-activity-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-soft"
    >
      <h2 id="user-activity-heading" className="font-display text-xl font-medium">
        Recent activity
      </h2>
      {entries.length === 0 ? (
        <EmptyList icon={History} size="section" title="No recorded activity yet" className="mt-4">
          Role changes, freezes, approvals and failed payments involving this user will appear here.
        </EmptyList>
      ) : (
        <ol aria-labelledby="user-activity-heading" className="mt-4 divide-y divide-border">
          {entries.map((entry) => (
            <li key={entry.id} className="flex gap-3 py-3.5 first:pt-0 last:pb-0">
              <span aria-hidden="true" className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", DOT[entry.type])} />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words">{entry.message}</p>
                <p className="mt-0.5 text-xs break-words text-muted-foreground">
                  <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                  {entry.actor ? ` · by ${entry.actor.label}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
