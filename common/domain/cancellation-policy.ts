import { nightsBetween } from "./calendar-dates";

/**
 * What a confirmed booking's guest gets back on cancelling, by the policy it was booked under. Written for
 * guests to read on the listing ("Full refund up to 5 days before check-in"), and applied by the
 * server when a booking is cancelled. A landlord's cancellation always refunds in full.
 */
export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

type Tier = { daysBefore: number; share: number };

/** Tiers from the most generous; the first whose days-before the guest still meets applies. */
const POLICY_TIERS: Record<CancellationPolicy, readonly Tier[]> = {
  flexible: [
    { daysBefore: 1, share: 1 },
    { daysBefore: 0, share: 0 },
  ],
  moderate: [
    { daysBefore: 5, share: 1 },
    { daysBefore: 0, share: 0.5 },
  ],
  strict: [
    { daysBefore: 14, share: 1 },
    { daysBefore: 7, share: 0.5 },
    { daysBefore: 0, share: 0 },
  ],
};

export const POLICY_SUMMARIES: Record<CancellationPolicy, string> = {
  flexible: "Full refund up to 1 day before check-in; no refund after that.",
  moderate: "Full refund up to 5 days before check-in; 50% of the nights after that.",
  strict: "Full refund up to 14 days before check-in, 50% up to 7 days before; no refund after that.",
};

/**
 * The refund in pence. `today` and `checkIn` are calendar dates in London. A full refund returns the
 * service fee too; a partial one returns that share of the nights only.
 */
export function refundPence(input: {
  policy: CancellationPolicy;
  cancelledBy: "guest" | "landlord" | "admin";
  today: string;
  checkIn: string;
  subtotalPence: number;
  serviceFeePence: number;
}): number {
  const full = input.subtotalPence + input.serviceFeePence;
  if (input.cancelledBy !== "guest") return full;
  const daysBefore = nightsBetween(input.today, input.checkIn);
  const tier = POLICY_TIERS[input.policy].find((t) => daysBefore >= t.daysBefore);
  if (!tier || tier.share === 0) return 0;
  if (tier.share === 1) return full;
  return Math.round(input.subtotalPence * tier.share);
}
