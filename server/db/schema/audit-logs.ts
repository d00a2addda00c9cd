import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, AUDIT_TYPES } from "../../../common/domain/audit-log";
import { createdAtColumn } from "./columns";

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * System Logs: an append-only record of privileged actions and failures, written in the same transaction as
 * what it records. A trigger (migration 0011) refuses UPDATE, and DELETE except by the pruning job. People are
 * referred to by id and by the label they had then, without foreign keys, so an entry outlives any change.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type", { enum: AUDIT_TYPES }).notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    message: text("message").notNull(),
    /** Who did it; null for the system (jobs, webhooks) or someone not signed in. */
    actorId: integer("actor_id"),
    actorLabel: text("actor_label"),
    /** The person the entry is about (the user whose role changed, the address a sign-in failed for). */
    subjectUserId: integer("subject_user_id"),
    subjectLabel: text("subject_label"),
    targetType: text("target_type", { enum: AUDIT_TARGET_TYPES }),
    targetId: text("target_id"),
    requestId: text("request_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_logs_type_created_idx").on(t.type, t.createdAt.desc()),
    index("audit_logs_action_created_idx").on(t.action, t.createdAt.desc()),
    index("audit_logs_actor_created_idx").on(t.actorId, t.createdAt.desc()).where(sql`${t.actorId} is not null`),
    index("audit_logs_subject_created_idx")
      .on(t.subjectUserId, t.createdAt.desc())
      .where(sql`${t.subjectUserId} is not null`),
    // System Logs' user search, over both people an entry names (repositories/audit-logs.repository.ts).
    index("audit_logs_people_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.actorLabel}, '') || E'\n' || coalesce(${t.subjectLabel}, '')) gin_trgm_ops`,
    ),
    check("audit_logs_type", sql`${t.type} in (${quoted(AUDIT_TYPES)})`),
    check("audit_logs_message_length", sql`length(${t.message}) between 1 and 2000`),
  ],
);

/**
 * How many entries of each type System Logs holds, without counting them on every page: triggers on `audit_logs`
 * (migration 0059) append one row per type a statement wrote or pruned (+n / -n), so the sum per type always equals
 * the entries themselves; the hourly audit job folds the rows into one per type (repositories/audit-logs.repository.ts).
 * Appending, not updating, means no two writers of entries ever wait for each other here.
 */
export const auditLogTallies = pgTable("audit_log_tallies", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  type: text("type", { enum: AUDIT_TYPES }).notNull(),
  entries: bigint("entries", { mode: "number" }).notNull(),
});
