/**
 * The audit log's vocabulary (System Logs). `type` is how the admin page colours an entry; `action`
 * says what happened, so entries can be filtered and counted (failed payments and messages are Pending Issues).
 */
export const AUDIT_TYPES = ["error", "warning", "success", "info"] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const AUDIT_TYPE_LABELS: Record<AuditType, string> = {
  error: "Error",
  warning: "Warning",
  success: "Success",
  info: "Info",
};

export const AUDIT_ACTIONS = [
  "landlord.approved",
  "user.role_changed",
  "user.frozen",
  "user.unfrozen",
  "property.removed",
  "property.restored",
  "property.verified",
  "property.verification_withdrawn",
  "property.short_let_permission_recorded",
  "property.short_let_permission_cleared",
  "booking.confirmed_by_admin",
  "booking.declined_by_admin",
  "booking.cancelled_by_admin",
  "booking.refunded_by_admin",
  "property.manager_assigned",
  "property.manager_ended",
  "auth.sign_in_failed",
  "auth.locked_out",
  "auth.password_reset",
  "auth.password_changed",
  "auth.sessions_ended",
  "auth.email_changed",
  "auth.email_change_undone",
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "auth.recovery_codes_regenerated",
  "auth.recovery_code_used",
  "auth.passkey_added",
  "auth.passkey_removed",
  "account.data_exported",
  "account.email_preferences_changed",
  "account.email_unsubscribed",
  "account.closed",
  // A seller gave or changed their tax details (which kind of seller, never the values).
  "tax_details.updated",
  // An admin exported HMRC's yearly report of sellers' earnings (the year and how many sellers, never who or what).
  "platform_report.exported",
  // An admin downloaded a stored copy of a report as it was exported (the year and the counts again).
  "platform_report.filing_downloaded",
  "support.answered",
  "support.closed",
  "webhook.rejected",
  "payment.failed",
  // A card payment given back because it could not confirm its booking (a tenancy not yet agreeable).
  "payment.returned",
  // The daily comparison of the ledger with Stripe found a transfer on one side only, or of another amount.
  "reconciliation.mismatch",
  "message.failed",
  "job.failed",
  "audit.pruned",
  // Maintenance work orders: one entry per step, so who reported, offered, took, finished or paid a job is on record.
  "maintenance.reported",
  "maintenance.triaged",
  "maintenance.offered",
  "maintenance.accepted",
  "maintenance.offer_declined",
  "maintenance.rescheduled",
  "maintenance.date_proposed",
  "maintenance.proposed_date_accepted",
  "maintenance.progress_updated",
  "maintenance.completed",
  "maintenance.report_declined",
  "maintenance.report_withdrawn",
  "maintenance.cancelled",
  "maintenance.paid",
  "maintenance.property_closed",
  "maintenance.property_reopened",
  // An imported calendar has a stay over one of our live bookings: a double booking to sort out with the guest.
  "calendar.conflict",
  // An administrator decided a disputed damage claim (in full, in part or rejected), with the reason.
  "damage_claim.decided",
  // A tenancy's rights: a pet request asked, answered (a refusal with its reason) or left unanswered past 28 days; a
  // Section 13 rent increase served; the written statement of terms accepted by the tenant.
  "pet_request.asked",
  "pet_request.answered",
  "pet_request.overdue",
  "rent_increase.served",
  "tenancy_statement.accepted",
  // The landlord recorded (or corrected) a tenancy's Right to Rent check; the tenant's new rent card took over.
  "tenancy.right_to_rent_checked",
  "tenancy.rent_card_replaced",
  // An English listing's stored minimum or longest tenancy was cleared when tenancies there became periodic; the old
  // terms are in the entry's details.
  "property.periodic_terms_applied",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Entries that are the only record of data the app changed on its own, kept whatever the retention: a listing's
 * tenancy terms from before they were made periodic are nowhere else.
 */
export const KEPT_AUDIT_ACTIONS = ["property.periodic_terms_applied"] as const satisfies readonly AuditAction[];

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = [
  "user",
  "property",
  "booking",
  "payment",
  "message",
  "job",
  "webhook",
  "maintenance-job",
  "support-ticket",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Failures that stay on the admin dashboard's Pending Issues for this many days. */
export const RECENT_FAILURE_DAYS = 7;
