import { addDays } from "./calendar-dates";
import { DAMAGE_CLAIM_PLATFORM_CAP_PENCE } from "./damage-claims";

/**
 * A short let's refundable security deposit: an amount the landlord names on the listing that is held on the guest's
 * card around the stay (an authorisation, not a payment) and let go afterwards unless a damage claim is agreed. It is
 * never part of the price: the guest pays nothing for it unless damage is agreed or decided.
 */

/**
 * The most a listing may ask: the most any damage claim may charge, so a hold never reserves money a claim could
 * not take.
 */
export const MAX_SECURITY_DEPOSIT_PENCE = DAMAGE_CLAIM_PLATFORM_CAP_PENCE;

/** Card networks let an authorisation stand about 7 days for most cards; one day is kept back as a margin. */
export const CARD_HOLD_LIFETIME_DAYS = 7;
export const CARD_HOLD_USABLE_DAYS = CARD_HOLD_LIFETIME_DAYS - 1;

/** The hold is placed this many days before check-in, so a declined card is known before the guest arrives. */
export const HOLD_DAYS_BEFORE_CHECK_IN = 1;

/** After check-out the host has this many days, within the hold's life, to raise a claim the hold can pay. */
export const HOLD_DAYS_AFTER_CHECK_OUT = 2;

export const HOLD_STATUSES = [
  /** Written before Stripe is asked; a crash here is finished by the next run with the same idempotency key. */
  "authorising",
  /** The card is authorised for the amount; nothing is taken. */
  "authorised",
  /** The hold was let go: the guest's bank frees the amount. */
  "released",
  /** Part or all of the hold was taken for an agreed damage claim; the rest was let go. */
  "captured",
  /** The card could not be authorised: a claim, if any, is paid by card as for a stay without a hold. */
  "failed",
  /** The stay is longer than a card hold can last: the deposit is covered by a damage claim instead. */
  "claim_only",
] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const HOLD_STATUS_LABELS: Record<HoldStatus, string> = {
  authorising: "Being placed on your card",
  authorised: "Held on your card",
  released: "Released",
  captured: "Taken for an agreed damage claim",
  failed: "Your card could not be authorised",
  claim_only: "Covered by a damage claim if needed",
};

/** What a demo hold says wherever it is shown: no card was touched. */
export const DEMO_HOLD_LABEL = "Demo hold: no card was authorised";

export type HoldPlan =
  | { kind: "card"; authoriseOn: string; releaseOn: string }
  | { kind: "claim_only"; authoriseOn: string; reason: string };

/**
 * When a stay's hold is placed and let go, if it is placed `authorisedOn` (a London date, at the earliest the day
 * before check-in). The hold must stand until check-out; a stay that runs past the hold's usable life gets no card
 * hold, and a damage claim (paid by card) covers it instead.
 */
export function planHold(stay: { checkIn: string; checkOut: string }, authorisedOn?: string): HoldPlan {
  const authoriseOn = authorisedOn ?? addDays(stay.checkIn, -HOLD_DAYS_BEFORE_CHECK_IN);
  const lastUsableDay = addDays(authoriseOn, CARD_HOLD_USABLE_DAYS);
  if (stay.checkOut > lastUsableDay) {
    return {
      kind: "claim_only",
      authoriseOn,
      reason:
        `A card hold lasts about ${CARD_HOLD_LIFETIME_DAYS} days, and this stay ends after that, so no hold is placed: ` +
        "damage found after check-out is claimed and paid by card instead.",
    };
  }
  const wanted = addDays(stay.checkOut, HOLD_DAYS_AFTER_CHECK_OUT);
  // ISO dates order as text: the earlier of the two.
  const [releaseOn = wanted] = [wanted, lastUsableDay].sort();
  return { kind: "card", authoriseOn, releaseOn };
}

/**
 * The stay's hold as planned on `today`: placed the day before check-in, or today for a stay booked later than that
 * (its life then counts from today).
 */
export function planHoldOn(stay: { checkIn: string; checkOut: string }, today: string): HoldPlan {
  const dayBefore = addDays(stay.checkIn, -HOLD_DAYS_BEFORE_CHECK_IN);
  return planHold(stay, dayBefore < today ? today : undefined);
}

/**
 * Whether a stay's payment must keep the guest's card for later: only when its security deposit will be held on that
 * card (a stay too long for a card hold is covered by a claim instead, and needs no card kept).
 */
export function keepsCardForHold(
  stay: { checkIn: string; checkOut: string; securityDepositPence: number | null },
  today: string,
): boolean {
  return (stay.securityDepositPence ?? 0) > 0 && planHoldOn(stay, today).kind === "card";
}
