import { formatDateGb, londonToday, nightsBetween } from "../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence, priceStay } from "../../common/domain/pricing";
import { MAX_STAY_NIGHTS, type TQuote, type TQuoteQuery } from "../../common/schemas/bookings";
import type { Database } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import {
  blockedNights,
  findPricingRules,
  findPropertyForBooking,
  hasOverlappingBooking,
} from "../repositories/availability.repository";

const PG_INT_MAX = 2_147_483_647;

/** The 409 text of issue 4, shown by the wizard. */
export const DATES_TAKEN = "These dates are no longer available";

/** Quotes (and, next, bookings): availability and the server's price for a stay (issue 4). */
export class BookingsService {
  constructor(private readonly db: Database) {}

  /**
   * The price of a stay and whether it can be booked. Asking is never an error for a stay that cannot
   * be booked: `available` is false and `reasons` says why. Impossible requests (dates in the past,
   * longer than a year) are 400s.
   */
  async quote(propertyRef: string, query: TQuoteQuery, today = londonToday()): Promise<TQuote> {
    const property = await this.bookableProperty(propertyRef);
    if (query.checkIn < today) throw new AppError(400, "checkIn cannot be in the past");
    const nights = nightsBetween(query.checkIn, query.checkOut);
    if (nights > MAX_STAY_NIGHTS) {
      throw new AppError(400, `A stay can be at most ${MAX_STAY_NIGHTS} nights; for longer lets, contact the landlord`);
    }

    const reasons: string[] = [];
    if (property.underMaintenance) reasons.push("This property is under maintenance and cannot be booked right now.");
    if (query.guests > property.maxGuests) {
      reasons.push(
        `This property sleeps at most ${property.maxGuests} ${property.maxGuests === 1 ? "guest" : "guests"}.`,
      );
    }
    if (property.availableFrom && query.checkIn < property.availableFrom) {
      reasons.push(`This property can be booked from ${formatDateGb(property.availableFrom)}.`);
    }
    const [taken, blocked, rules] = await Promise.all([
      hasOverlappingBooking(this.db, property.id, query.checkIn, query.checkOut),
      blockedNights(this.db, property.id, query.checkIn, query.checkOut),
      findPricingRules(this.db, property.id),
    ]);
    if (taken || blocked.length > 0) reasons.push(DATES_TAKEN);

    const price = priceStay({
      basePricePence: poundsToPence(property.pricePerNight),
      rules,
      checkIn: query.checkIn,
      checkOut: query.checkOut,
    });
    return {
      available: reasons.length === 0,
      nights: price.nights,
      nightly: price.nightly.map((n) => ({ date: n.date, price: penceToPounds(n.pence) })),
      subtotal: penceToPounds(price.subtotalPence),
      serviceFee: penceToPounds(price.serviceFeePence),
      total: penceToPounds(price.totalPence),
      reasons,
    };
  }

  private async bookableProperty(ref: string) {
    const numericId = /^\d+$/.test(ref) ? Number(ref) : null;
    if (numericId !== null && numericId > PG_INT_MAX) throw notFound("Property not found");
    const property = await findPropertyForBooking(this.db, numericId === null ? { slug: ref } : { id: numericId });
    if (!property?.isActive) throw notFound("Property not found");
    return property;
  }
}
