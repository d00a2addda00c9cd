import { addDays } from "./calendar-dates";

/**
 * Damage claims after a short let: the host asks the guest to pay for damage found after check-out. The guest
 * accepts or disputes; a disputed claim is decided by an administrator. Money moves only once the amount is agreed
 * (accepted, or upheld in full or in part).
 */
export const DAMAGE_CLAIM_STATUSES = [
  /** Raised; waiting for the guest to accept or dispute. */
  "open",
  /** The guest disputed it; an administrator decides. */
  "disputed",
  /** An amount is agreed and the guest's card payment is awaited. */
  "awaiting_payment",
  /** The agreed amount was collected and is owed to the host. */
  "paid",
  /** An administrator rejected the claim: nothing is charged. */
  "rejected",
] as const;
export type DamageClaimStatus = (typeof DAMAGE_CLAIM_STATUSES)[number];

export const DAMAGE_CLAIM_STATUS_LABELS: Record<DamageClaimStatus, string> = {
  open: "Awaiting the guest's answer",
  disputed: "Disputed: with our team",
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  rejected: "Rejected",
};

/** How an administrator decides a disputed claim. */
export const DAMAGE_DECISIONS = ["uphold", "part", "reject"] as const;
export type DamageDecision = (typeof DAMAGE_DECISIONS)[number];

/** The host has this many days after check-out, counted in London dates, to raise a claim; the last day counts. */
export const DAMAGE_CLAIM_WINDOW_DAYS = 14;

/**
 * The most any claim may ask when the listing names no damage deposit: £2,500. A short let's guest pays by card, and
 * damage beyond this is a matter for the host's insurance, not a charge to a guest's card without a court.
 */
export const DAMAGE_CLAIM_PLATFORM_CAP_PENCE = 250_000;

/** At most this many photos of the damage on one claim. */
export const MAX_DAMAGE_CLAIM_PHOTOS = 6;

/** The last London date on which a claim may be raised for a stay that checked out on `checkOut`. */
export function lastClaimDay(checkOut: string): string {
  return addDays(checkOut, DAMAGE_CLAIM_WINDOW_DAYS);
}

/** Whether a claim may be raised today: not before check-out, and not after the window's last day. */
export function claimWindow(checkOut: string, today: string): "before-check-out" | "open" | "closed" {
  if (today < checkOut) return "before-check-out";
  return today <= lastClaimDay(checkOut) ? "open" : "closed";
}

/** The most a claim on this listing may ask: its damage deposit when it names one, never above the platform's cap. */
export function damageClaimCapPence(depositPence: number | null): number {
  if (depositPence !== null && depositPence > 0) return Math.min(depositPence, DAMAGE_CLAIM_PLATFORM_CAP_PENCE);
  return DAMAGE_CLAIM_PLATFORM_CAP_PENCE;
}

/** "£1,125.50" from pence. */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
