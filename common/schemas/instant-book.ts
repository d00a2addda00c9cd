import { z } from "zod";
import { ZPropertyRecord } from "../entities/property";

/** PUT /api/properties/{id}/instant-book: the listing's instant book switch and the requirements a guest must meet. */
export const ZInstantBookSettings = ZPropertyRecord.pick({
  instantBook: true,
  instantBookMinStays: true,
  instantBookMessageRequired: true,
}).strict();
export type TInstantBookSettings = z.infer<typeof ZInstantBookSettings>;

/**
 * GET /api/properties/{id}/instant-book: whether a booking of this listing is confirmed at once. `youQualify` and
 * `unmet` speak of the signed-in guest only; a visitor who is not signed in gets `on` and the requirements' wording.
 */
export const ZInstantBookOffer = z.object({
  on: z.boolean(),
  youQualify: z.boolean().optional(),
  /** What the guest has still to do (or, signed out, what a guest must have done) to be confirmed at once. */
  unmet: z.array(z.string()),
});
export type TInstantBookOffer = z.infer<typeof ZInstantBookOffer>;
