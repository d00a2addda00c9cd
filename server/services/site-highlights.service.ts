import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TSiteHighlights } from "../../common/schemas/site-highlights";
import type { Database } from "../db/client";
import { TtlCache } from "../lib/ttl-cache";
import { countNightsByProperty } from "../repositories/landlord-analytics.repository";
import { countActiveListings } from "../repositories/properties/listings.repository";
import { findPlatformRating, findQuotableReviews } from "../repositories/reviews.repository";
import { toPublicReview } from "./reviews.service";

/** Occupancy is measured over this many days up to yesterday… */
const OCCUPANCY_DAYS = 90;
/** …and claimed only when this many listings were open for at least this many nights between them. */
const MIN_OCCUPANCY_LISTINGS = 10;
const MIN_OCCUPANCY_NIGHTS = 500;
/** An average rating is claimed only over at least this many reviews. */
const MIN_REVIEWS_FOR_RATING = 20;
const TESTIMONIALS = 3;
/** Long enough to say something about the stay. */
const MIN_TESTIMONIAL_LENGTH = 60;
/** The figures move slowly; a few minutes' lag is honest and spares the database on every home page. */
const CACHE_MS = 10 * 60_000;

/**
 * What the public pages may claim about the platform (host pitch, testimonials), computed from the data: real
 * occupancy and rating of active listings, each only over a sample large enough to mean something, and the words
 * of real published reviews.
 */
export class SiteHighlightsService {
  private readonly cache = new TtlCache<TSiteHighlights>(1, CACHE_MS);

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async highlights(): Promise<TSiteHighlights> {
    const cached = this.cache.get("all");
    if (cached) return cached;
    const to = londonToday(this.now());
    const from = addDays(to, -OCCUPANCY_DAYS);
    const [activeListings, nights, rating, quotable] = await Promise.all([
      countActiveListings(this.db),
      countNightsByProperty(this.db, { everyone: true }, from, to, to),
      findPlatformRating(this.db),
      findQuotableReviews(this.db, TESTIMONIALS, MIN_TESTIMONIAL_LENGTH),
    ]);
    const open = nights.reduce((sum, n) => sum + n.nights, 0);
    const booked = nights.reduce((sum, n) => sum + n.booked, 0);
    const highlights: TSiteHighlights = {
      hosting: {
        activeListings,
        occupancy:
          nights.length >= MIN_OCCUPANCY_LISTINGS && open >= MIN_OCCUPANCY_NIGHTS
            ? {
                percent: Math.round((booked / open) * 100),
                listings: nights.length,
                nights: open,
                days: OCCUPANCY_DAYS,
              }
            : null,
        rating:
          rating.average !== null && rating.reviews >= MIN_REVIEWS_FOR_RATING
            ? { average: rating.average, reviews: rating.reviews }
            : null,
      },
      testimonials: quotable.map((row) => {
        const review = toPublicReview(row);
        return {
          id: review.id,
          rating: review.rating,
          title: review.title,
          comment: review.comment,
          guestName: review.guestName,
          stayedIn: review.stayedIn,
          city: row.city,
        };
      }),
    };
    this.cache.set("all", highlights);
    return highlights;
  }
}
