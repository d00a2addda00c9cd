import type { TActivityItem } from "@common/schemas/dashboard";

export type ActivityTone = "success" | "warning" | "danger" | "info" | "neutral";

/**
 * Guest views show pending as 'Payment Pending'; activity lists show any
 * status they do not know as 'Booking Created'.
 */
const STATUS_LABELS: Record<string, string> = {
  pending: "Payment Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
  saved: "Saved",
};

/** Dot colours: confirmed green, pending yellow, cancelled red, saved blue, other grey. */
const STATUS_TONES: Record<string, ActivityTone> = {
  confirmed: "success",
  pending: "warning",
  cancelled: "danger",
  saved: "info",
};

export function activityStatusLabel(item: Pick<TActivityItem, "type" | "status">): string {
  if (item.type === "saved") return STATUS_LABELS.saved ?? "Saved";
  return STATUS_LABELS[item.status] ?? "Booking Created";
}

export function activityTone(item: Pick<TActivityItem, "type" | "status">): ActivityTone {
  return STATUS_TONES[item.type === "saved" ? "saved" : item.status] ?? "neutral";
}
