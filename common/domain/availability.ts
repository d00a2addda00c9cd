/**
 * Why a night cannot be booked, never by whom: past, taken (a stay booked here), blocked (by the host), imported (booked
 * on another site), closed (before the listing opens, or beyond the 2-year booking window).
 */
export const UNAVAILABLE_REASONS = ["past", "taken", "blocked", "imported", "closed"] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** The words a screen reader hears for a night that cannot be booked. */
export const UNAVAILABLE_REASON_TEXT: Record<UnavailableReason, string> = {
  past: "in the past",
  taken: "already booked",
  blocked: "closed by the host",
  imported: "already booked on another site",
  closed: "not open for booking",
};
