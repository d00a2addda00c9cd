import type { TAuditLogEntry } from "@common/schemas/audit-logs";
import { formatDateTime } from "@common/utils/dates";
import { History } from "lucide-react";
import { Link } from "react-router";
import { AuditTypeBadge } from "@/components/ui/audit-type-badge";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { Skeleton } from "@/components/ui/skeleton";
import { RECENT_ACTIVITY_ENTRIES, useRecentAuditEntries } from "../api/admin-dashboard-api";
import { DashboardPanel, PanelError } from "./panel-states";

function EntryRow({ entry }: { entry: TAuditLogEntry }) {
  return (
    <li className="grid gap-1.5 py-3.5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <AuditTypeBadge type={entry.type} />
        <time dateTime={entry.timestamp} className="text-sm text-muted-foreground">
          {formatDateTime(entry.timestamp)}
        </time>
      </div>
      {/* Anywhere, not only between words: an entry may name a long e-mail address, which must not widen a phone. */}
      <p className="wrap-anywhere">{entry.message}</p>
      <p className="text-sm wrap-anywhere text-muted-foreground">{entry.user}</p>
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
