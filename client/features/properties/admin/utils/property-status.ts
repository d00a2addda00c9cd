import type { TAdminProperty } from "@common/schemas/admin-properties";
import { formatDate } from "@common/utils/dates";

/** The status filter's choices; "all" sends no filter. */
export const STATUS_FILTER_OPTIONS = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "pending", label: "Pending" },
  { value: "inactive", label: "Inactive" },
] as const;
export type StatusFilter = (typeof STATUS_FILTER_OPTIONS)[number]["value"];

export const isStatusFilter = (value: string): value is StatusFilter =>
  STATUS_FILTER_OPTIONS.some((option) => option.value === value);

/** Why the listing has its status, in a few words; null for a listing that is simply listed and bookable. */
export function statusReason(property: Pick<TAdminProperty, "statusDetail" | "availableFrom">): string | null {
  switch (property.statusDetail) {
    case "bookable":
      return null;
    case "under_maintenance":
      return "Listed, but under maintenance: closed to new bookings";
    case "available_later":
      return property.availableFrom
        ? `Listed, taking bookings from ${formatDate(property.availableFrom)}`
        : "Listed, not taking bookings yet";
    case "deactivated_by_owner":
      return "Unlisted by its owner";
    case "removed":
      return "Removed by StayLondon";
  }
}
