import { allInNightlyPence } from "../../../common/domain/all-in";
import type { UnavailableReason } from "../../../common/domain/availability";
import { addCalendarMonths, addDays, londonToday } from "../../../common/domain/calendar-dates";
import { periodicTenancyCovers } from "../../../common/domain/periodic-terms";
import { penceToPounds, poundsToPence, priceStay } from "../../../common/domain/pricing";
import { levyPercentOn } from "../../../common/domain/uk-law";
import type { TAvailability, TAvailabilityQuery, TStayLengths } from "../../../common/schemas/availability";
import { BEYOND_BOOKING_WINDOW, BOOKING_WINDOW_DAYS } from "../../../common/schemas/bookings";
import type { Database } from "../../db/client";
import { InvalidInputError, notFound } from "../../lib/errors";
import { PreparedJson } from "../../lib/prepared-json";
import { parsePropertyRef } from "../../lib/property-ref";
import { findPricingRules, findPropertyForBooking } from "../../repositories/availability.repository";
import { findNightHolds } from "../../repositories/properties/availability-days.repository";
import type { BookingLifecycleService } from "../booking-lifecycle/booking-lifecycle.service";

type Listing = NonNullable<Awaited<ReturnType<typeof findPropertyForBooking>>>;

export const FROM_IN_PAST = "from cannot be before the first day of this month";

/**
 * The public calendar of a listing: which nights are free, why the others are not (never who holds them) and what each
 * free night costs. Not kept between requests: bookings and blocked nights change without a listing change, so the
 * listings feed that empties the search cache would not empty this one. Each answer carries an ETag instead, so a
 * browser revalidating an unchanged month gets a 304 without the body.
 */
export class ListingAvailabilityService {
  constructor(
    private readonly db: Database,
    /** Lapsed holds release their nights before the calendar is read, as before a quote. */
    private readonly lifecycle: Pick<BookingLifecycleService, "releaseLapsedHolds">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async findAvailability(propertyRef: string, query: TAvailabilityQuery): Promise<PreparedJson> {
    const today = londonToday(this.now());
    if (query.from < `${today.slice(0, 7)}-01`) throw new InvalidInputError(FROM_IN_PAST);
    const lastBookable = addDays(today, BOOKING_WINDOW_DAYS);
    if (query.from > lastBookable) throw new InvalidInputError(BEYOND_BOOKING_WINDOW);

    const ref = parsePropertyRef(propertyRef);
    const listing = ref && (await findPropertyForBooking(this.db, ref));
    if (!listing?.isActive) throw notFound("Property not found");
    await this.lifecycle.releaseLapsedHolds({ propertyId: listing.id });

    const until = addCalendarMonths(query.from, query.months);
    const [holds, rules] = await Promise.all([
      findNightHolds(this.db, listing.id, query.from, until),
      findPricingRules(this.db, listing.id),
    ]);
    const basePence = poundsToPence(listing.pricePerNight);
    // A night is priced as part of the shortest stay the listing takes, so a rule for longer stays does not make the
    // calendar look cheaper than any stay that can be booked; the quote prices the chosen nights exactly.
    const shortestStay = listing.shortLetOffered ? listing.shortLetMinNights : listing.midLetMinNights;
    const days = holds.map(({ date, hold }) => {
      const reason: UnavailableReason | null =
        date < today
          ? "past"
          : (hold ??
            (date > lastBookable || (listing.availableFrom !== null && date < listing.availableFrom)
              ? "closed"
              : null));
      if (reason) return { date, free: false, reason, price: null, allInPrice: null };
      // The pricing code of the quote, for a stay of that length from this night; its first night is this one.
      const [night] = priceStay({
        basePricePence: basePence,
        rules,
        checkIn: date,
        checkOut: addDays(date, shortestStay),
      }).nightly;
      const pence = night?.pence ?? basePence;
      const allIn = allInNightlyPence(pence, { levyPercent: levyPercentOn(listing.levyArea, date) });
      return { date, free: true, reason: null, price: penceToPounds(pence), allInPrice: penceToPounds(allIn) };
    });
    const answer: TAvailability = { from: query.from, until, days, stayLengths: stayLengthsOf(listing, today) };
    return new PreparedJson(JSON.stringify(answer));
  }
}

function stayLengthsOf(listing: Listing, today: string): TStayLengths {
  return {
    shortLet: {
      offered: listing.shortLetOffered,
      minNights: listing.shortLetMinNights,
      maxNights: listing.shortLetMaxNights,
    },
    midLet: { offered: listing.midLetOffered, minNights: listing.midLetMinNights, maxNights: listing.midLetMaxNights },
    tenancy: {
      offered: listing.tenancyOffered,
      periodic: listing.tenancyOffered && periodicTenancyCovers(listing.nation, today),
      minMonths: listing.minTenancyMonths,
      maxMonths: listing.maxTenancyMonths,
    },
  };
}
