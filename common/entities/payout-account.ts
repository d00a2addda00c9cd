import { z } from "zod";

/**
 * A payee's payout account (landlords, property managers and contractors are paid through Stripe Connect), defined
 * once: the state Payout Settings shows and the answers of /api/payouts. The database keeps what Stripe said
 * (server/db/schema/payouts.ts); these are views of it. Never a Stripe id: the account is Stripe's to show.
 */

/**
 * - not_started: no payout account yet.
 * - pending: onboarding with Stripe is not finished, or Stripe is still checking what was sent.
 * - ready: Stripe pays out to the account.
 * - restricted: Stripe has the details but will not pay out until it gets more (or has paused the account).
 */
export const PAYOUT_STATES = ["not_started", "pending", "ready", "restricted"] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** What is stored about an account, as far as its state goes. */
export type PayoutFacts = {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  requirementsDue: readonly string[];
  disabledReason: string | null;
};

export function payoutState(facts: PayoutFacts | undefined): PayoutState {
  if (!facts) return "not_started";
  if (facts.payoutsEnabled) return "ready";
  const stopped = facts.requirementsDue.length > 0 || facts.disabledReason !== null;
  return facts.detailsSubmitted && stopped ? "restricted" : "pending";
}

export const payoutAccountFields = {
  state: z.enum(PAYOUT_STATES),
  /** A demo account (no Stripe keys configured): the flows run, but no real money moves. */
  demo: z.boolean(),
  /** Stripe's names of what it still needs (`external_account`, `individual.dob.day`…). */
  requirementsDue: z.array(z.string()),
  /** Stripe's reason it will not pay out (`requirements.past_due`…), or null. */
  disabledReason: z.string().nullable(),
  payoutsEnabled: z.boolean(),
};

/** GET /api/payouts/account: the signed-in payee's own account. */
export const ZPayoutAccount = z.object(payoutAccountFields);
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/**
 * POST /api/payouts/onboarding: where to continue with Stripe (its hosted onboarding), or null for a demo account,
 * which is ready at once; and the account as it now is.
 */
export const ZPayoutOnboarding = z.object({ url: z.url().nullable(), account: ZPayoutAccount });
export type TPayoutOnboarding = z.infer<typeof ZPayoutOnboarding>;

/** Stripe's requirement names, in the words a payee knows them by; others are shown as Stripe names them. */
const REQUIREMENT_WORDS: Record<string, string> = {
  business_type: "Whether you are paid as an individual or a company",
  external_account: "The bank account to pay you into",
  "tos_acceptance.date": "Accepting Stripe's terms",
  "tos_acceptance.ip": "Accepting Stripe's terms",
  "individual.dob.day": "Your date of birth",
  "individual.dob.month": "Your date of birth",
  "individual.dob.year": "Your date of birth",
  "individual.first_name": "Your name",
  "individual.last_name": "Your name",
  "individual.email": "Your e-mail address",
  "individual.phone": "Your phone number",
  "individual.address.line1": "Your home address",
  "individual.address.city": "Your home address",
  "individual.address.postal_code": "Your home address",
  "individual.verification.document": "A photo of your ID",
  "individual.verification.additional_document": "A document showing your address",
  "business_profile.url": "A website or description of your business",
  "business_profile.mcc": "What your business does",
};

/** What Stripe still needs, in words, each once (a date of birth is three of Stripe's names). */
export function requirementsInWords(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => REQUIREMENT_WORDS[name] ?? name))];
}

/** One transfer to the payee's Stripe balance (sent), or a share still held and when it is released (upcoming). */
export const ZPayoutTransfer = z.object({
  /** SL-000123 for a stay's share; MJ-000045 style for a maintenance job's pay. */
  reference: z.string(),
  kind: z.enum(["stay", "job"]),
  /** Pounds. */
  amount: z.number(),
  /** Demo money: no real money moved or will move. */
  demo: z.boolean(),
  /** When it was sent (ISO time), or for an upcoming one the London date it is released on, YYYY-MM-DD. */
  date: z.string(),
});
export type TPayoutTransfer = z.infer<typeof ZPayoutTransfer>;

/** GET /api/payouts/transfers: the payee's own transfers, newest first, and the shares still to come, soonest first. */
export const ZPayoutTransfers = z.object({
  sent: z.array(ZPayoutTransfer),
  upcoming: z.array(ZPayoutTransfer),
});
export type TPayoutTransfers = z.infer<typeof ZPayoutTransfers>;

/**
 * Where a bank payout stands, as Stripe's events say: paid (Stripe sent it to the bank) or failed (the bank refused it
 * and Stripe put the money back on the payee's balance).
 */
export const BANK_PAYOUT_STATUSES = ["paid", "failed"] as const;
export type BankPayoutStatus = (typeof BANK_PAYOUT_STATUSES)[number];

/** One payout of the payee's Stripe balance into their bank. Never a Stripe id: the payout is Stripe's to show. */
export const ZBankPayout = z.object({
  /** Ours, for telling the rows apart. */
  id: z.number().int(),
  status: z.enum(BANK_PAYOUT_STATUSES),
  /** Pounds. */
  amount: z.number(),
  /** The day Stripe expects it in the bank, YYYY-MM-DD. */
  arrivalDate: z.string(),
});
export type TBankPayout = z.infer<typeof ZBankPayout>;

/**
 * GET /api/payouts/bank-payouts: the payee's own bank payouts, latest arrival first. `demo` when no Stripe keys are
 * configured: then there are no bank payouts at all, and the list is empty.
 */
export const ZBankPayouts = z.object({ demo: z.boolean(), payouts: z.array(ZBankPayout) });
export type TBankPayouts = z.infer<typeof ZBankPayouts>;
