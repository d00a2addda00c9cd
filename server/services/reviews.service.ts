import type {
  TCreateReviewRequest,
  TPropertyReviewsQuery,
  TPropertyReviewsResponse,
  TPublicReview,
  TReview,
} from "../../common/schemas/reviews";
import { type Actor, mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { ConflictError, InvalidInputError, notFound } from "../lib/errors";
import { publicGuestName } from "../lib/person-names";
import { parsePropertyRef } from "../lib/property-ref";
import {
  findBookingForReview,
  findPropertyRef,
  findPublicReviews,
  findReviewById,
  findReviewForResponse,
  findReviewSummary,
  insertReview,
  type ReviewRow,
  reviewExistsForBooking,
  setHostResponse,
} from "../repositories/reviews.repository";

export const ALREADY_REVIEWED = "You have already reviewed this stay.";
export const ALREADY_ANSWERED = "This review already has a response.";

/** Reviews of completed stays, the property ratings that follow from them, and the host's answers. */
export class ReviewsService {
  constructor(private readonly db: Database) {}

  /**
   * The guest of a completed stay reviews it, once. Someone else's booking is "not found", so booking
   * ids reveal nothing. The property's rating and review count are recomputed in the same transaction.
   */
  async createReview(guest: Actor, request: TCreateReviewRequest): Promise<TReview> {
    const booking = await findBookingForReview(this.db, request.bookingId);
    if (!booking || !mayActOn(guest, "create", "review", { guestId: booking.guestId, ownerId: booking.ownerId })) {
      throw notFound("Booking not found");
    }
    if (booking.status === "cancelled") throw new InvalidInputError("A cancelled booking cannot be reviewed.");
    if (booking.status !== "completed") {
      throw new InvalidInputError("You can review this stay after check-out, once it is completed.");
    }
    if (await reviewExistsForBooking(this.db, booking.id)) throw new ConflictError(ALREADY_REVIEWED);

    const inserted = await insertReview(this.db, {
      propertyId: booking.propertyId,
      bookingId: booking.id,
      guestId: guest.id,
      rating: request.rating,
      cleanliness: request.cleanliness,
      accuracy: request.accuracy,
      communication: request.communication,
      location: request.location,
      value: request.value,
      title: request.title,
      comment: request.comment,
    });
    // Two submissions at once: the unique index on booking_id let one through.
    if (inserted === "duplicate") throw new ConflictError(ALREADY_REVIEWED);
    const row = await findReviewById(this.db, inserted.id);
    if (!row) throw new Error("review vanished after insert");
    return { ...toPublicReview(row), propertyId: row.propertyId, bookingId: row.bookingId };
  }

  /** A public property's reviews (newest first, paged) and their averages. */
  async findPropertyReviews(propertyRef: string, query: TPropertyReviewsQuery): Promise<TPropertyReviewsResponse> {
    const ref = parsePropertyRef(propertyRef);
    const property = ref && (await findPropertyRef(this.db, ref));
    if (!property?.isActive) throw notFound("Property not found");
    const [summary, rows] = await Promise.all([
      findReviewSummary(this.db, property.id),
      findPublicReviews(this.db, property.id, query.limit, query.offset),
    ]);
    return { summary, reviews: rows.map(toPublicReview) };
  }

  /**
   * The property's landlord (or an admin) answers a review, once. Another landlord's review is "not
   * found"; the route's guard has already refused everyone who is not a landlord or admin.
   */
  async respondToReview(responder: Actor, reviewId: number, response: string): Promise<TPublicReview> {
    const review = await findReviewForResponse(this.db, reviewId);
    if (!review || !mayActOn(responder, "respond", "review", review)) {
      throw notFound("Review not found");
    }
    if (review.hostResponse !== null) throw new ConflictError(ALREADY_ANSWERED);
    if (!(await setHostResponse(this.db, reviewId, response))) throw new ConflictError(ALREADY_ANSWERED);
    const row = await findReviewById(this.db, reviewId);
    if (!row) throw notFound("Review not found");
    return toPublicReview(row);
  }
}

export function toPublicReview(row: ReviewRow): TPublicReview {
  return {
    id: row.id,
    rating: row.rating,
    cleanliness: row.cleanliness,
    accuracy: row.accuracy,
    communication: row.communication,
    location: row.location,
    value: row.value,
    title: row.title,
    comment: row.comment,
    guestName: publicGuestName(row.guestFirstName, row.guestLastName),
    stayedIn: row.checkIn ? row.checkIn.slice(0, 7) : null,
    createdAt: row.createdAt.toISOString(),
    hostResponse: row.hostResponse,
    hostResponseDate: row.hostResponseDate?.toISOString() ?? null,
  };
}
