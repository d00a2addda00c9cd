import { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditTargetType } from "@common/domain/audit-log";
import type { TAuditLogEntry } from "@common/schemas/audit-logs";
import { formatDateTimeSeconds } from "@common/utils/dates";

/** The list's filters as the address bar keeps them; "" or "all" means no filter. */
export const LOG_FILTER_DEFAULTS = { type: "all", from: "", to: "", userId: "" } as const;
export type LogFilters = { [K in keyof typeof LOG_FILTER_DEFAULTS]: string };

export const LOG_TYPE_OPTIONS = [
  { value: "all", label: "All types" },
  ...AUDIT_TYPES.map((type) => ({ value: type, label: AUDIT_TYPE_LABELS[type] })),
] as const;

const TARGET_LABELS: Record<AuditTargetType, string> = {
  user: "User",
  property: "Property",
  booking: "Booking",
  payment: "Payment",
  message: "Message",
  job: "Job",
  webhook: "Webhook",
  "maintenance-job": "Work order",
  "support-ticket": "Support request",
};

/** "Booking #42", "Job booking-lifecycle", "Message 0d6f2a9e-…": what an entry is about. */
export function describeTarget(target: NonNullable<TAuditLogEntry["target"]>): string {
  const id = /^\d+$/.test(target.id) ? `#${target.id}` : target.id;
  return `${TARGET_LABELS[target.type]} ${id}`;
}

/** The names of detail fields the writers use; any other key is shown as it is. */
const DETAIL_LABELS: Record<string, string> = {
  reason: "Reason",
  ip: "IP address",
  provider: "Provider",
  scope: "Locked",
  failures: "Failed attempts",
  windowMinutes: "Within (minutes)",
  channel: "Channel",
  subject: "Subject",
  template: "Message",
  recipient: "Recipient",
  error: "Error",
  job: "Job",
  removed: "Entries removed",
  retentionDays: "Kept (days)",
  before: "Older than",
  reference: "Booking reference",
  transition: "Change",
  from: "Previous status",
  paymentIntent: "Payment",
  amount: "Amount (£)",
  code: "Code",
  bytes: "Size (bytes)",
};

/** An entry's details as label and text pairs, in the order written. */
export function detailRows(details: TAuditLogEntry["details"]): { label: string; value: string }[] {
  return Object.entries(details).map(([key, value]) => ({
    label: DETAIL_LABELS[key] ?? key,
    value: typeof value === "string" ? value : JSON.stringify(value),
  }));
}

/** A problem with the dates chosen, said the way the filter's labels say it, or null. */
export function dateRangeProblem(filters: Pick<LogFilters, "from" | "to">): string | null {
  if (filters.from && filters.to && filters.from > filters.to) return "The From date must be on or before the To date.";
  return null;
}

/** The API's query string for the list's filters, text and page (only what narrows the list). */
export function systemLogsApiQuery(filters: LogFilters, userText: string, page: number): string {
  const params = new URLSearchParams();
  if (filters.type !== "all") params.set("type", filters.type);
  if (userText) params.set("user", userText);
  if (filters.userId) params.set("userId", filters.userId);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** True when anything narrows the list, so an empty answer means "nothing matches", not "nothing yet". */
export function isFiltered(filters: LogFilters, userText: string): boolean {
  return filters.type !== "all" || Boolean(userText || filters.userId || filters.from || filters.to);
}

/** "15 Jun 2026, 11:00:00", London time like every date the product shows, to the second as a log needs. */
export const formatLogTimestamp = (iso: string): string => formatDateTimeSeconds(iso);
