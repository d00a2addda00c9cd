import type { BookingStatus } from "@common/domain/property-options";

/**
 * How a booking's status reads to a landlord (spec 2 §4), shared by the landlord dashboard and All Bookings.
 * A pending request reads 'Needs Approval'.
 */
export const LANDLORD_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Needs Approval",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Spec 2 §4 colours: confirmed green, pending yellow, cancelled red, completed blue (text kept AA on its tint). */
export const LANDLORD_STATUS_CLASSES: Record<BookingStatus, string> = {
  pending: "border-warning/25 bg-warning-soft text-warning",
  confirmed: "border-transparent bg-success-soft text-success",
  completed: "border-sky-200 bg-sky-50 text-sky-800",
  cancelled: "border-transparent bg-destructive text-destructive-foreground",
};

/** The same colours as a small dot beside the status text (decorative: the text says the status). */
export const LANDLORD_STATUS_DOT_CLASSES: Record<BookingStatus, string> = {
  pending: "bg-amber-400",
  confirmed: "bg-green-600",
  completed: "bg-sky-600",
  cancelled: "bg-destructive",
};
