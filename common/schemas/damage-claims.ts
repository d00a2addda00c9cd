import { z } from "zod";
import { DAMAGE_CLAIM_STATUSES, DAMAGE_DECISIONS } from "../domain/damage-claims";
import { LARGEST_LINE_PENCE } from "../domain/ledger";
import { ZUrlId } from "./ids";
import { ZPlainText } from "./plain-text";

/**
 * A damage claim as every side sees it: the host's words and photos, the guest's dispute, an administrator's
 * decision, and what was charged. Money is whole pence.
 */
export const ZDamageClaim = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  propertyTitle: z.string(),
  guestName: z.string(),
  hostName: z.string(),
  description: ZPlainText("Description", 10, 2000),
  amountPence: z.number().int(),
  /** The most a claim on this listing may ask (its damage deposit, or the platform's cap). */
  capPence: z.number().int(),
  photos: z.array(z.string()),
  status: z.enum(DAMAGE_CLAIM_STATUSES),
  disputeReason: z.string().nullable(),
  decision: z.enum(DAMAGE_DECISIONS).nullable(),
  decisionReason: z.string().nullable(),
  /** What the guest owes once agreed (accepted, or as decided); null while it is not. */
  agreedPence: z.number().int().nullable(),
  /** Demo money: no card was charged. */
  demo: z.boolean(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type TDamageClaim = z.infer<typeof ZDamageClaim>;

/** What the host types: the amount in pounds as written, at most two decimal places. */
export const ZDamageAmount = z
  .string({ error: "Please give the amount in pounds, such as 125.50" })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Give the amount in pounds with at most two decimal places, such as 125.50")
  .refine((pounds) => Number(pounds) > 0, "The amount must be more than zero");

/** POST /api/bookings/{id}/damage-claims (multipart: these fields, and photos in the field `photos`). */
export const ZRaiseDamageClaim = ZDamageClaim.pick({ description: true }).extend({ amount: ZDamageAmount });
export type TRaiseDamageClaim = z.infer<typeof ZRaiseDamageClaim>;

/** POST /api/damage-claims/{id}/dispute: the guest's side, in their words. */
export const ZDisputeDamageClaim = z.strictObject({ reason: ZPlainText("Reason", 10, 2000) });
export type TDisputeDamageClaim = z.infer<typeof ZDisputeDamageClaim>;

/** POST /api/admin/damage-claims/{id}/decision: uphold in full, in part (with the amount), or reject. */
export const ZDecideDamageClaim = z
  .strictObject({
    decision: z.enum(DAMAGE_DECISIONS, { error: "Choose uphold, part or reject" }),
    amountPence: z
      .number({ error: "The amount must be a whole number of pence" })
      .int("The amount must be a whole number of pence")
      .positive("The amount must be more than zero")
      .max(LARGEST_LINE_PENCE, "The amount is more than any claim can be")
      .optional(),
    reason: ZPlainText("Reason", 3, 1000),
  })
  .refine((body) => (body.decision === "part") === (body.amountPence !== undefined), {
    message: "Give amountPence for a decision in part, and only then",
    path: ["amountPence"],
  });
export type TDecideDamageClaim = z.infer<typeof ZDecideDamageClaim>;

/** The admin's form: the amount in pounds as typed, sent as ZDecideDamageClaim. */
export const ZDecideDamageClaimForm = z.object({
  decision: z.enum(DAMAGE_DECISIONS),
  amount: z.string().trim(),
  reason: ZPlainText("Reason", 3, 1000),
});
export type TDecideDamageClaimForm = z.infer<typeof ZDecideDamageClaimForm>;

export const ZDamageClaimParams = z.object({ id: ZUrlId("Claim id") });

/** A guest's card payment of an agreed claim: what the booking page hands Stripe's card form. */
export const ZDamageClaimPayment = z.object({
  claim: ZDamageClaim,
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
});
export type TDamageClaimPayment = z.infer<typeof ZDamageClaimPayment>;
