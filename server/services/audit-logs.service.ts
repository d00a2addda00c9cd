import type { TAuditLogEntry } from "../../common/schemas/audit-logs";
import type { Database } from "../db/client";
import { type AuditLogRow, findAuditLogs } from "../repositories/audit-logs.repository";

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

/** System Logs: reading the audit log (writing is recordAudit, inside each change's transaction). */
export class AuditLogsService {
  constructor(private readonly db: Database) {}

  /** The latest entries by or about one user (the admin's view of a profile). */
  async recentForUser(userId: number, limit = 20): Promise<TAuditLogEntry[]> {
    const { rows } = await findAuditLogs(this.db, { userId }, { limit, offset: 0 });
    return rows.map(toAuditLogEntry);
  }
}
