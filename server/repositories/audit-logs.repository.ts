import { and, count, eq, gte, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  type AuditAction,
  type AuditTargetType,
  type AuditType,
  KEPT_AUDIT_ACTIONS,
} from "../../common/domain/audit-log";
import type { Database, Tx } from "../db/client";
import { auditLogs, auditLogTallies } from "../db/schema";
import { likeContains } from "../lib/like-pattern";
import { currentRequest } from "../lib/request-context";

export type AuditLogRow = typeof auditLogs.$inferSelect;

/** A person as an entry remembers them. */
export type AuditPerson = { id: number; label: string };
/** Someone with no account to point at: the address a failed sign-in tried, a message's (masked) recipient. */
export type AuditNamedOnly = { id: null; label: string };

export type AuditEntry = {
  type: AuditType;
  action: AuditAction;
  message: string;
  actor?: AuditPerson | null;
  subject?: AuditPerson | AuditNamedOnly | null;
  target?: { type: AuditTargetType; id: string | number } | null;
  details?: Record<string, unknown>;
};

/**
 * Appends one entry. Pass the transaction of what it records, so the entry and the change commit or fail
 * together. The request id comes from the request being served, if any.
 */
export async function recordAudit(db: Database | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    type: entry.type,
    action: entry.action,
    message: entry.message.slice(0, 2000),
    actorId: entry.actor?.id ?? null,
    actorLabel: entry.actor?.label ?? null,
    subjectUserId: entry.subject?.id ?? null,
    subjectLabel: entry.subject?.label ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    requestId: currentRequest()?.requestId ?? null,
    details: entry.details ?? {},
  });
}

export type AuditLogFilter = {
  type?: AuditType;
  /** Entries by or about this user. */
  userId?: number;
  /** Part of the name or address of the person who acted or the one the entry is about (any case). */
  userText?: string;
  /** From this instant (inclusive)… */
  from?: Date;
  /** …up to this one (exclusive). */
  to?: Date;
};

/**
 * Both names of an entry as one text, the exact expression of the trigram index audit_logs_people_trgm_idx.
 * The line break keeps a search from matching across the two names.
 */
const peopleText = sql`(coalesce(${auditLogs.actorLabel}, '') || E'\\n' || coalesce(${auditLogs.subjectLabel}, ''))`;

function whereFor(filter: AuditLogFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(auditLogs.type, filter.type));
  if (filter.userId !== undefined) {
    const about = or(eq(auditLogs.actorId, filter.userId), eq(auditLogs.subjectUserId, filter.userId));
    if (about) conditions.push(about);
  }
  if (filter.userText) conditions.push(sql`${peopleText} ilike ${likeContains(filter.userText)}`);
  if (filter.from) conditions.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLogs.createdAt, filter.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * How many entries match a filter of at most a type: the sum of audit_log_tallies, which the database keeps equal to
 * the entries (a handful of rows once folded), instead of counting every entry. Null for any other filter.
 */
async function tallied(db: Database, filter: AuditLogFilter): Promise<number | null> {
  const { type, ...rest } = filter;
  if (Object.values(rest).some((value) => value !== undefined)) return null;
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${auditLogTallies.entries}), 0)::text` })
    .from(auditLogTallies)
    .where(type ? eq(auditLogTallies.type, type) : undefined);
  return Number(row?.n ?? 0);
}

/**
 * Folds the tallies into one row per type. One statement, so it is atomic; rows appended meanwhile by other
 * transactions are not in its snapshot and stay for the next fold, and a second instance folding at the same time
 * skips the rows the first took.
 */
export async function foldAuditLogTallies(db: Database | Tx): Promise<void> {
  await db.execute(sql`
    with taken as (delete from audit_log_tallies returning type, entries)
    insert into audit_log_tallies (type, entries)
    select type, sum(entries) from taken group by type having sum(entries) <> 0`);
}

/** One page of entries, newest first, and how many match. */
export async function findAuditLogs(
  db: Database,
  filter: AuditLogFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = whereFor(filter);
  const counting = async () => {
    const fromTallies = await tallied(db, filter);
    if (fromTallies !== null) return fromTallies;
    const [counted] = await db.select({ n: count() }).from(auditLogs).where(where);
    return counted?.n ?? 0;
  };
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      // NULLS LAST as in audit_logs_created_idx (and the per-type, per-actor and per-subject indexes): with DESC's
      // default, NULLS FIRST, the planner cannot walk them in order and sorts every matching entry instead.
      .orderBy(sql`${auditLogs.createdAt} desc nulls last`, sql`${auditLogs.id} desc nulls last`)
      .limit(page.limit)
      .offset(page.offset),
    counting(),
  ]);
  return { rows, total };
}

/** Entries of these actions since `since` (the dashboard's recent failures). */
export async function countAuditActionsSince(db: Database, actions: AuditAction[], since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(sql`${auditLogs.action} in ${actions}`, gte(auditLogs.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Deletes entries older than `before`, except those kept for good (KEPT_AUDIT_ACTIONS): the one deletion the append-only trigger lets through, because this
 * transaction says it is the pruning job. One conditional DELETE, so app instances pruning at once never
 * remove an entry twice. Given a transaction, it runs inside it (the job records what it removed there) and
 * the permission ends with the DELETE. Answers how many went.
 */
export async function pruneAuditLogs(db: Database | Tx, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local staylondon.audit_prune = 'on'`);
    const deleted = await tx
      .delete(auditLogs)
      .where(and(lt(auditLogs.createdAt, before), notInArray(auditLogs.action, [...KEPT_AUDIT_ACTIONS])));
    await tx.execute(sql`set local staylondon.audit_prune = 'off'`);
    return deleted.rowCount ?? 0;
  });
}
