import type { AuditType } from "@common/domain/audit-log";
import type { TAuditLogEntry } from "@common/schemas/audit-logs";
import { History } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { RECENT_ACTIVITY_ENTRIES, useRecentAuditEntries } from "../api/admin-dashboard-api";
import { DashboardPanel, PanelError } from "./panel-states";

/** System Logs' colours: errors red, warnings amber, successes green, the rest blue. */
const TYPE_STYLES: Record<AuditType, { dot: string; label: string }> = {
  error: { dot: "bg-red-600 ring-red-600/15", label: "Error" },
  warning: { dot: "bg-amber-500 ring-amber-500/20", label: "Warning" },
  success: { dot: "bg-green-600 ring-green-600/15", label: "Success" },
  info: { dot: "bg-blue-600 ring-blue-600/15", label: "Info" },
};

function EntryRow({ entry }: { entry: TAuditLogEntry }) {
  const style = TYPE_STYLES[entry.type];
  return (
    <li className="flex gap-3 py-3.5 first:pt-0 last:pb-0">
      <span aria-hidden="true" className={cn("mt-1.5 size-2.5 shrink-0 rounded-full ring-4", style.dot)} />
      <div className="min-w-0 flex-1">
        <p className="break-words">
          <span className="sr-only">{style.label}: </span>
          {entry.message}
        </p>
        <p className="mt-0.5 text-sm break-words text-muted-foreground">
          {entry.user}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
        </p>
      </div>
    </li>
  );
}

/** Recent Activity: the latest entries of the audit log, the same ones System Logs lists. */
export function AdminRecentActivity() {
  const entries = useRecentAuditEntries();
  return (
    <DashboardPanel
      title="Recent Activity"
      description="The latest privileged actions and failures"
      action={
        <Button asChild variant="link" size="sm">
          <Link to="/admin/system-logs">See all</Link>
        </Button>
      }
    >
      {entries.isPending ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading recent activity…</span>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : entries.isError ? (
        <PanelError
          message="Recent activity could not be loaded."
          onRetry={() => void entries.refetch()}
          retrying={entries.isFetching}
        />
      ) : entries.data.items.length === 0 ? (
        <EmptyList icon={History} title="No activity yet" size="section">
          Approvals, role changes, removed listings, failed payments and the like will appear here.
        </EmptyList>
      ) : (
        <ul className="divide-y divide-border" aria-label={`The latest ${RECENT_ACTIVITY_ENTRIES} audit entries`}>
          {entries.data.items.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
