import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, AUDIT_TYPES } from "../domain/audit-log";

const ZAuditPerson = z.object({ id: z.number().int(), label: z.string() });

/**
 * One System Logs entry: the shape spec 2 shows (type, user, message, timestamp) plus who acted, whom or what
 * it was about, and the request that did it.
 */
export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  type: z.enum(AUDIT_TYPES),
  action: z.enum(AUDIT_ACTIONS),
  /** Who the entry names first: the person who acted, else the person it is about, else "System". */
  user: z.string(),
  message: z.string(),
  /** ISO instant. */
  timestamp: z.string(),
  actor: ZAuditPerson.nullable(),
  subject: ZAuditPerson.nullable(),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }).nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;
