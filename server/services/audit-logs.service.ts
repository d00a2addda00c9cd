import { addDays } from "../../common/domain/calendar-dates";
import type { TAuditLogEntry, TSystemLogsQuery } from "../../common/schemas/audit-logs";
import { pageOffset } from "../../common/schemas/paging";
import { londonDayStart } from "../../common/utils/dates";
import type { Database } from "../db/client";
import {
  type AuditLogFilter,
  type AuditLogRow,
  findAuditLogs,
  foldAuditLogTallies,
  pruneAuditLogs,
  recordAudit,
} from "../repositories/audit-logs.repository";

const DAY_MS = 86_400_000;
/** The pruning job's name in the server log and in System Logs. */
export const AUDIT_PRUNE_JOB = "audit-log-prune";

/** An entry as admins read it. */
export function toAuditLogEntry(row: AuditLogRow): TAuditLogEntry {
  const actor = row.actorId !== null ? { id: row.actorId, label: row.actorLabel ?? `User ${row.actorId}` } : null;
  const subject =
    row.subjectUserId !== null
      ? { id: row.subjectUserId, label: row.subjectLabel ?? `User ${row.subjectUserId}` }
      : null;
  return {
    id: row.id,
    type: row.type,
    action: row.action,
    user: actor?.label ?? subject?.label ?? row.subjectLabel ?? "System",
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    actor,
    subject,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    requestId: row.requestId,
    details: row.details,
  };
}

/** What a thrown value says, for an entry: a database error's own words rather than the query around them. */
function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  const text = cause ?? (error instanceof Error ? error.message : String(error));
  return text.slice(0, 500);
}

/** System Logs: reading the audit log, its retention, and the entries of background jobs. */
export class AuditLogsService {
  constructor(private readonly db: Database) {}

  /** GET /api/admin/system-logs: one page, newest first, and how many entries match. */
  async findEntries(query: TSystemLogsQuery): Promise<{ items: TAuditLogEntry[]; total: number }> {
    const filter: AuditLogFilter = {};
    if (query.type) filter.type = query.type;
    if (query.userId !== undefined) filter.userId = query.userId;
    if (query.user) filter.userText = query.user;
    // London days, both inclusive: from the start of `from` to the start of the day after `to`.
    if (query.from) filter.from = londonDayStart(query.from);
    if (query.to) filter.to = londonDayStart(addDays(query.to, 1));
    const { rows, total } = await findAuditLogs(this.db, filter, { limit: query.pageSize, offset: pageOffset(query) });
    return { items: rows.map(toAuditLogEntry), total };
  }

  /** The latest entries by or about one user (the admin's view of a profile). */
  async recentForUser(userId: number, limit = 20): Promise<TAuditLogEntry[]> {
    const { rows } = await findAuditLogs(this.db, { userId }, { limit, offset: 0 });
    return rows.map(toAuditLogEntry);
  }

  /**
   * Removes entries older than `retentionDays` and, when any went, says so in an audit.pruned entry written in
   * the same transaction. Answers how many went.
   */
  async pruneExpired(retentionDays: number, now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - retentionDays * DAY_MS);
    return this.db.transaction(async (tx) => {
      const removed = await pruneAuditLogs(tx, before);
      if (removed > 0) {
        await recordAudit(tx, {
          type: "info",
          action: "audit.pruned",
          message: `Removed ${removed.toLocaleString("en-GB")} ${removed === 1 ? "entry" : "entries"} older than ${retentionDays} days`,
          target: { type: "job", id: AUDIT_PRUNE_JOB },
          details: { removed, retentionDays, before: before.toISOString() },
        });
      }
      return removed;
    });
  }

  /** Keeps the counts System Logs shows a handful of rows, so counting entries stays instant. */
  async foldCounts(): Promise<void> {
    await foldAuditLogTallies(this.db);
  }

  /** job.failed: a background job's run threw (the server log has the stack). */
  async recordJobFailure(jobName: string, error: unknown): Promise<void> {
    const text = errorText(error);
    await recordAudit(this.db, {
      type: "error",
      action: "job.failed",
      message: `Background job ${jobName} failed: ${text}`,
      target: { type: "job", id: jobName },
      details: { job: jobName, error: text },
    });
  }
}
