import { z } from "zod";
import { REVIEW_LIMITS } from "../domain/reviews";
import { ZBodyId, ZUrlId } from "./ids";

const ZStars = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5` })
    .int(`${label} must be a whole number from 1 to 5`)
    .min(1, `${label} must be at least 1`)
    .max(5, `${label} must be at most 5`);

const ZText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/reviews. Strict: the guest, property and dates come from the booking, never from the body. */
export const ZCreateReviewRequest = z.strictObject({
  bookingId: ZBodyId("bookingId"),
  rating: ZStars("Overall rating"),
  cleanliness: ZStars("Cleanliness"),
  accuracy: ZStars("Accuracy"),
  communication: ZStars("Communication"),
  location: ZStars("Location"),
  value: ZStars("Value"),
  title: ZText("Title", REVIEW_LIMITS.titleMax),
  comment: ZText("Comment", REVIEW_LIMITS.commentMax),
});
export type TCreateReviewRequest = z.infer<typeof ZCreateReviewRequest>;

/** POST /api/reviews/{id}/response. */
export const ZReviewResponseRequest = z.strictObject({
  response: ZText("Response", REVIEW_LIMITS.responseMax),
});
export type TReviewResponseRequest = z.infer<typeof ZReviewResponseRequest>;

export const ZReviewIdParams = z.object({
  id: ZUrlId("The review id"),
});

/** GET /api/properties/{id}/reviews paging: newest first. */
export const ZPropertyReviewsQuery = z.strictObject({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(REVIEW_LIMITS.pageMax, `limit must be at most ${REVIEW_LIMITS.pageMax}`)
    .default(REVIEW_LIMITS.pageDefault),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must not be negative")
    .max(1_000_000, "offset is too large")
    .default(0),
});
export type TPropertyReviewsQuery = z.infer<typeof ZPropertyReviewsQuery>;

const ZStarsOut = z.number().int();

/**
 * A review as anyone may read it. The guest is named by first name and last initial only ("Ada L."), and
 * the stay by the month of check-in ("2026-03"): enough to trust a review, too little to find a person.
 */
export const ZPublicReview = z.object({
  id: z.number().int(),
  rating: ZStarsOut,
  cleanliness: ZStarsOut.nullable(),
  accuracy: ZStarsOut.nullable(),
  communication: ZStarsOut.nullable(),
  location: ZStarsOut.nullable(),
  value: ZStarsOut.nullable(),
  title: z.string().nullable(),
  comment: z.string().nullable(),
  guestName: z.string(),
  /** Year and month of check-in, YYYY-MM; null if the booking is gone. */
  stayedIn: z.string().nullable(),
  /** ISO instant. */
  createdAt: z.string(),
  hostResponse: z.string().nullable(),
  /** ISO instant. */
  hostResponseDate: z.string().nullable(),
});
export type TPublicReview = z.infer<typeof ZPublicReview>;

/** POST /api/reviews answers the review written, with what it belongs to. */
export const ZReview = ZPublicReview.extend({
  propertyId: z.number().int(),
  bookingId: z.number().int().nullable(),
});
export type TReview = z.infer<typeof ZReview>;

/** Averages over a property's public reviews, to 1 decimal; null while there are none. */
export const ZReviewSummary = z.object({
  count: z.number().int(),
  overall: z.number().nullable(),
  cleanliness: z.number().nullable(),
  accuracy: z.number().nullable(),
  communication: z.number().nullable(),
  location: z.number().nullable(),
  value: z.number().nullable(),
});
export type TReviewSummary = z.infer<typeof ZReviewSummary>;

/** GET /api/properties/{id}/reviews. */
export const ZPropertyReviewsResponse = z.object({
  summary: ZReviewSummary,
  reviews: z.array(ZPublicReview),
});
export type TPropertyReviewsResponse = z.infer<typeof ZPropertyReviewsResponse>;
