import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, AUDIT_TYPES } from "../domain/audit-log";
import { isCalendarDate } from "../domain/calendar-dates";
import { ZUrlId } from "./ids";
import { ZPageQuery, ZSearchText } from "./paging";

const ZAuditPerson = z.object({ id: z.number().int(), label: z.string() });

/**
 * One System Logs entry: its type, user, message and timestamp plus who acted, whom or what
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

/** A London calendar date typed into a filter; checked to be a real day ('2027-02-30' is not one). */
const ZLondonDay = (name: string) =>
  z.string().refine(isCalendarDate, `${name} must be a real date written YYYY-MM-DD`).optional();

/**
 * GET /api/admin/system-logs: one page of entries, newest first, with the match count in X-Total-Count.
 * Unknown parameters are refused so a misspelt filter never silently shows everything.
 */
export const ZSystemLogsQuery = ZPageQuery.extend({
  type: z.enum(AUDIT_TYPES, { error: `type must be one of ${AUDIT_TYPES.join(", ")}` }).optional(),
  /** Part of a name or e-mail address: of the person who acted or the one the entry is about. */
  user: ZSearchText,
  /** Entries by or about one account (from a profile). */
  userId: ZUrlId("userId").optional(),
  /** First and last London day shown, both inclusive. */
  from: ZLondonDay("from"),
  to: ZLondonDay("to"),
})
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "from must be on or before to",
    path: ["from"],
  });
export type TSystemLogsQuery = z.infer<typeof ZSystemLogsQuery>;
