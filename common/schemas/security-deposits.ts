import { z } from "zod";
import { HOLD_STATUSES } from "../domain/security-deposits";

/**
 * GET /api/bookings/{id}/security-deposit: a short let's refundable security deposit and where its hold stands.
 * `status` is null while the hold is not yet placed (it is placed on `authoriseOn`); money is whole pence.
 */
export const ZSecurityDepositHold = z.object({
  bookingId: z.number().int(),
  /** The deposit the stay was booked with; null when it has none. */
  amountPence: z.number().int().nullable(),
  status: z.enum(HOLD_STATUSES).nullable(),
  /** Without Stripe keys: a demo hold, no card was touched. */
  demo: z.boolean(),
  authoriseOn: z.string().nullable(),
  releaseOn: z.string().nullable(),
  capturedPence: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type TSecurityDepositHold = z.infer<typeof ZSecurityDepositHold>;
