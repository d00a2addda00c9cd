import { createHash } from "node:crypto";
import {
  addCalendarMonths,
  addDays,
  formatDateGb,
  londonToday,
  longerThanMonths,
  nightsBetween,
} from "../../common/domain/calendar-dates";
import { MID_LET_DECLARATION_MISSING, mainHomeRefusal } from "../../common/domain/mid-lets";
import { partyRefusal } from "../../common/domain/party-rules";
import {
  MAX_RENT_IN_ADVANCE_MONTHS,
  RENT_IN_ADVANCE_REFUSED,
  RENTAL_BIDDING_REFUSED,
} from "../../common/domain/periodic-tenancy";
import { periodicTenancyCovers } from "../../common/domain/periodic-terms";
import {
  MAX_BOOKING_TOTAL_PENCE,
  OVER_BOOKING_TOTAL,
  type PricingRule,
  penceToPounds,
  poundsToPence,
  priceStay,
  uniformAllInNightlyPence,
} from "../../common/domain/pricing";
import {
  isShortLetLimitReason,
  overTheLimit,
  shortLetLimitApplies,
  stayCounts,
  yearsOfStay,
} from "../../common/domain/short-let-ledger";
import { MAX_STAY_MONTHS, TOO_LONG_STAY } from "../../common/domain/stay-dates";
import { quoteGuidance, tenancyTermsMessageForGuest, tenancyTermsProblems } from "../../common/domain/stay-mode-rules";
import {
  annualRentPence,
  depositCapPence,
  depositCapWeeks,
  formatPence,
  holdingDepositCapPence,
  type StayDates,
  stayLengthReason,
  stayModeOf,
  tenancyRent,
  weeklyRentPence,
} from "../../common/domain/stay-modes";
import {
  EDINBURGH_LEVY_LABEL,
  EDINBURGH_LEVY_PERCENT,
  stayLevy,
  welshRegistrationReason,
} from "../../common/domain/uk-law";
import { guestsCounted, partyOf } from "../../common/entities/party";
import {
  BEYOND_BOOKING_WINDOW,
  BOOKING_WINDOW_DAYS,
  type TBooking,
  type TQuote,
  type TQuoteQuery,
} from "../../common/schemas/bookings";
import type { TCreateBookingWithTenancyTerms } from "../../common/schemas/tenancies";
import type { Database, Tx } from "../db/client";
import { ConflictError, InvalidInputError, notFound, UnprocessableError } from "../lib/errors";
import { parsePropertyRef } from "../lib/property-ref";
import {
  type BookingRow,
  findBookingByIdempotencyKey,
  findBookingFacts,
  findPropertyForBooking,
  inBookingTransaction,
  insertBooking,
  type NightsFacts,
} from "../repositories/availability.repository";
import { findCountedNights } from "../repositories/counted-nights.sql";
import { countShortLetNights, holdShortLetLedger } from "../repositories/short-let-ledger.repository";
import type { BookingLifecycleService } from "./booking-lifecycle/booking-lifecycle.service";
import { InstantBook } from "./booking-lifecycle/instant-book";
import { pausedReasonOf } from "./certificates.service";
import type { BookingNotifier } from "./messaging/booking-notifier";
import { type TenanciesService, tenancyHoldUntil } from "./tenancies/tenancies.service";

type BookableProperty = NonNullable<Awaited<ReturnType<typeof findPropertyForBooking>>>;
type BookingFacts = NonNullable<Awaited<ReturnType<typeof findBookingFacts>>>;

/** The 409 text the wizard shows when the nights were taken meanwhile. */
export const DATES_TAKEN = "These dates are no longer available";
/** A periodic tenancy has no end date, so any stay booked after its move-in day stands in its way. */
export const TENANCY_NIGHTS_TAKEN =
  "Another stay is booked after this move-in date. A tenancy has no end date, so the home must be free from the day you move in: choose a move-in date after the last booked stay.";
/** A tenancy asked for with a move-in date alone, where tenancies are not periodic or not offered. */
const FIXED_TERM_NEEDS_CHECK_OUT =
  "Tenancies at this property have a fixed term: choose a check-out date as well as the move-in date.";
const NO_TENANCY_WITHOUT_CHECK_OUT = "This property is not let as a tenancy: choose a check-out date for your stay.";
/** The listing stopped taking bookings while the guest was booking it. */
export const LISTING_CLOSED = "This property is no longer taking bookings.";

/** Quotes (and, next, bookings): availability and the server's price for a stay. */
export class BookingsService {
  private readonly instantBook: InstantBook;

  constructor(
    private readonly db: Database,
    /** Holds: how long a new one lasts (30 minutes for a card checkout, 48 hours for a request), and releasing lapsed ones. */
    private readonly lifecycle: Pick<
      BookingLifecycleService,
      "holdForNewBooking" | "holdForRequest" | "releaseLapsedHolds" | "paymentsEnabled"
    >,
    private readonly notifier?: BookingNotifier,
    /** The clock "today" is read from (tests move it to see a certificate lapse). */
    private readonly now: () => Date = () => new Date(),
    /** Opens the periodic tenancy a booking asks for (England, from 1 May 2026). */
    private readonly tenancies?: Pick<TenanciesService, "open">,
  ) {
    this.instantBook = new InstantBook(db, () => lifecycle.paymentsEnabled);
  }

  /** GET /api/properties/{id}/instant-book: whether booking this listing is confirmed at once, for this viewer. */
  async instantBookOffer(propertyRef: string, viewerId: number | null) {
    const property = await this.bookableProperty(propertyRef);
    // The landlord's own listing: they cannot book it, so no verdict about them is given.
    return this.instantBook.offer(property, viewerId === property.ownerId ? null : viewerId);
  }

  /**
   * The price of a stay and whether it can be booked. Asking is never an error for a stay that cannot
   * be booked: `available` is false and `reasons` says why (also a total over MAX_BOOKING_TOTAL). Impossible
   * requests (dates in the past, longer than a year, starting more than two years ahead) are 400s.
   */
  async quote(propertyRef: string, query: TQuoteQuery): Promise<TQuote> {
    const property = await this.bookableProperty(propertyRef);
    await this.lifecycle.releaseLapsedHolds({ propertyId: property.id });
    // Read after the release, so nights its lapsed holds kept are free again.
    const facts = await this.factsOf(property.id, query);
    return (await this.assess(property, query, londonToday(this.now()), facts)).quote;
  }

  /**
   * The quote for a stay, and the nights a booking of it holds (a periodic tenancy's reach ahead, not its ask), from
   * the listing's facts read for the nights asked.
   */
  private async assess(
    property: BookableProperty,
    query: TQuoteQuery,
    today: string,
    facts: BookingFacts,
  ): Promise<{ quote: TQuote; held: StayDates }> {
    if (query.checkIn < today) throw new InvalidInputError("checkIn cannot be in the past");
    if (query.checkOut !== undefined && longerThanMonths({ ...query, checkOut: query.checkOut }, MAX_STAY_MONTHS)) {
      throw new InvalidInputError(`${TOO_LONG_STAY}; for longer lets, contact the landlord`);
    }
    if (query.checkIn > addDays(today, BOOKING_WINDOW_DAYS)) throw new InvalidInputError(BEYOND_BOOKING_WINDOW);
    // A lapsed safety certificate stops new stays until a current one is uploaded; booked stays are not touched.
    const paused = pausedReasonOf(facts.pause, today);
    if (paused) throw new ConflictError(paused);

    // England's tenancies agreed from 1 May 2026 are periodic: no end until notice, one month's rent at agreement.
    const periodicHere = property.tenancyOffered && periodicTenancyFor(property, today);
    if (query.checkOut === undefined && !periodicHere) {
      throw new InvalidInputError(property.tenancyOffered ? FIXED_TERM_NEEDS_CHECK_OUT : NO_TENANCY_WITHOUT_CHECK_OUT);
    }
    const mode =
      query.checkOut === undefined
        ? "tenancy"
        : stayModeOf(
            { checkIn: query.checkIn, checkOut: query.checkOut },
            { markedAsTenancy: query.asTenancy, tenancyOffered: property.tenancyOffered },
          );
    // A stay that is to be the guest's main home is a tenancy in law, whatever it is booked as.
    if (mode === "mid_let" && query.mainHome) {
      throw new UnprocessableError(mainHomeRefusal(property.tenancyOffered));
    }
    const periodic = mode === "tenancy" && periodicHere;
    // A periodic tenancy holds the calendar from move-in as far ahead as anyone can book (decision 033); any
    // check-out it was asked with only chose the mode.
    const held: StayDates = {
      checkIn: query.checkIn,
      checkOut: periodic || query.checkOut === undefined ? tenancyHoldUntil(today) : query.checkOut,
    };
    const monthlyPence = poundsToPence(property.pricePerMonth);
    const depositPence = penceOrNull(property.depositAmount);
    const holdingDepositPence = penceOrNull(property.holdingDepositAmount);
    // A card hold suits a short stay only; longer lets carry their own deposits.
    const heldPence = mode === "short_let" ? penceOrNull(property.securityDepositAmount) : null;
    const securityDepositPence = heldPence && heldPence > 0 ? heldPence : null;
    if (mode === "tenancy") {
      // Terms the law does not allow are the listing's fault, not the dates': no tenancy is quoted or booked on them.
      const [problem] = tenancyTermsProblems({
        tenancyOffered: property.tenancyOffered,
        pricePerMonthPence: monthlyPence,
        depositPence,
        holdingDepositPence,
        epcRating: property.epcRating,
        epcExemptionReference: property.epcExemptionReference,
      });
      if (problem) throw new UnprocessableError(tenancyTermsMessageForGuest(problem));
    }

    const party = partyOf(query);
    // Pets and children are the listing's call on short and mid lets only: a tenant asks for a pet by a pet request.
    const refused = partyRefusal(property, party, mode);
    if (refused) throw new UnprocessableError(refused);

    const reasons: string[] = [];
    if (property.underMaintenance) reasons.push("This property is under maintenance and cannot be booked right now.");
    if (guestsCounted(party) > property.maxGuests) {
      reasons.push(
        `This property sleeps at most ${property.maxGuests} ${property.maxGuests === 1 ? "guest" : "guests"}.`,
      );
    }
    if (property.availableFrom && query.checkIn < property.availableFrom) {
      reasons.push(`This property can be booked from ${formatDateGb(property.availableFrom)}.`);
    }
    // The nights held are the nights asked but for a periodic tenancy, whose reach ahead is read on its own.
    const nightsHeld =
      facts.nights?.nights.checkIn === held.checkIn && facts.nights.nights.checkOut === held.checkOut
        ? facts.nights
        : (await this.factsOf(property.id, held)).nights;
    // Nights booked here, blocked, or booked on another site (the listing's imported calendars).
    if (nightsHeld?.taken || (nightsHeld?.blocked.length ?? 0) > 0 || nightsHeld?.bookedElsewhere) {
      reasons.push(periodic ? TENANCY_NIGHTS_TAKEN : DATES_TAKEN);
    }
    const outside = stayLengthReason(property, held, mode, today);
    if (outside) reasons.push(outside);
    const limit = await this.shortLetLimit(this.db, property, held.checkIn, held.checkOut, nightsHeld);
    if (limit) reasons.push(limit);
    const unregistered = welshRegistrationReason(property, held.checkIn, held.checkOut);
    if (unregistered) reasons.push(unregistered);

    // A periodic tenancy counts its first month until more rent falls due (decision 038).
    const nights = periodic
      ? nightsBetween(held.checkIn, addCalendarMonths(held.checkIn, 1))
      : nightsBetween(held.checkIn, held.checkOut);
    const price =
      mode !== "tenancy"
        ? nightlyPrice(property, facts.rules, held)
        : periodic
          ? firstMonthPrice(monthlyPence)
          : tenancyPrice(monthlyPence, held);
    if (price.totalPence > MAX_BOOKING_TOTAL_PENCE) reasons.push(OVER_BOOKING_TOTAL);
    const allInNightly = uniformAllInNightlyPence(price.nightly, {
      levyPercent: EDINBURGH_LEVY_PERCENT,
      leviedNights: price.levy?.nights ?? [],
    });
    const quote: TQuote = {
      available: reasons.length === 0,
      mode,
      nights,
      nightly: price.nightly.map((n) => ({ date: n.date, price: penceToPounds(n.pence) })),
      subtotal: penceToPounds(price.subtotalPence),
      serviceFee: penceToPounds(price.serviceFeePence),
      visitorLevy: price.levy
        ? { label: EDINBURGH_LEVY_LABEL, nights: price.levy.nights, amount: penceToPounds(price.levy.pence) }
        : null,
      total: penceToPounds(price.totalPence),
      allInNightly: allInNightly === null ? null : penceToPounds(allInNightly),
      reasons,
      rent: price.rent,
      deposits:
        mode === "tenancy"
          ? {
              holdingDeposit: holdingDepositPence === null ? null : penceToPounds(holdingDepositPence),
              deposit: depositPence === null ? null : penceToPounds(depositPence),
              holdingDepositCap: penceToPounds(holdingDepositCapPence(monthlyPence)),
              depositCap: penceToPounds(depositCapPence(monthlyPence)),
              depositCapWeeks: depositCapWeeks(annualRentPence(monthlyPence)),
              weeklyRent: penceToPounds(weeklyRentPence(monthlyPence)),
              annualRent: penceToPounds(annualRentPence(monthlyPence)),
            }
          : null,
      securityDeposit: securityDepositPence === null ? null : penceToPounds(securityDepositPence),
      guidance: quoteGuidance(mode, nights, periodic),
    };
    return { quote, held };
  }

  /**
   * POST /api/bookings: a pending booking (a request to the landlord, held for 48 hours) at the
   * server's price, or, by instant book for a guest who meets the landlord's requirements, a confirmed one. The caller is a signed-in guest with e-mail and phone verified (the route's guard).
   * With an Idempotency-Key, a retry of the same request answers the same booking; the same key with
   * another request is a 422.
   */
  async createBooking(
    guestId: number,
    request: TCreateBookingWithTenancyTerms,
    idempotencyKey?: string,
  ): Promise<{ booking: TBooking; replayed: boolean }> {
    const fingerprint = createHash("sha256").update(JSON.stringify(request)).digest("hex");
    if (idempotencyKey) {
      const earlier = await this.replay(guestId, idempotencyKey, fingerprint);
      if (earlier) return { booking: earlier, replayed: true };
    }

    // The listing, what may pause it and whether the nights asked are free, in one read.
    const ref = parsePropertyRef(String(request.propertyId));
    const facts = ref && (await findBookingFacts(this.db, ref, stayNights(request)));
    if (!facts?.property.isActive) throw notFound("Property not found");
    const property = facts.property;
    if (property.ownerId === guestId) throw new InvalidInputError("You cannot book your own property.");
    const today = londonToday(this.now());
    const stay: TQuoteQuery = {
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      guests: request.guestCount,
      adults: request.adults,
      children: request.children,
      infants: request.infants,
      pets: request.pets,
      asTenancy: request.asTenancy,
      mainHome: request.midLet?.isMainHome,
    };
    let { quote, held } = await this.assess(property, stay, today, facts);
    // A lapsed hold keeps its nights, and counts towards the yearly short-let limit, until it is released: when those
    // could be what refuses the stay, this listing's lapsed holds are released now (not at the job's next run) and
    // the stay is judged again. Most bookings meet no refusal and skip the write.
    if (
      !quote.available &&
      quote.reasons.some(
        (reason) => reason === DATES_TAKEN || reason === TENANCY_NIGHTS_TAKEN || isShortLetLimitReason(reason),
      )
    ) {
      const released = await this.lifecycle.releaseLapsedHolds({ propertyId: property.id });
      if (released.length > 0)
        ({ quote, held } = await this.assess(property, stay, today, await this.factsOf(property.id, stay)));
    }
    const periodic = quote.mode === "tenancy" && periodicTenancyFor(property, today);
    const agreedRentPence = periodic ? this.periodicRent(property, request) : null;
    if (!quote.available) {
      const takenReason = quote.reasons.find((reason) => reason === DATES_TAKEN || reason === TENANCY_NIGHTS_TAKEN);
      const taken = takenReason !== undefined;
      // The nights may be taken by this very request, sent twice at once: answer the retry with its booking.
      const winner = taken && idempotencyKey ? await this.replay(guestId, idempotencyKey, fingerprint) : undefined;
      if (winner) return { booking: winner, replayed: true };
      const conflict = taken || quote.reasons.some(isShortLetLimitReason);
      const message = takenReason ?? quote.reasons.join(" ");
      throw conflict ? new ConflictError(message) : new InvalidInputError(message);
    }
    // Asked only once the stay can be booked as a mid let, so a stay the listing cannot take says why first.
    const midLet = quote.mode === "mid_let" ? request.midLet : undefined;
    if (quote.mode === "mid_let" && !midLet) throw new InvalidInputError(MID_LET_DECLARATION_MISSING);
    // Instant book: a qualifying guest's stay needs no landlord's answer (never a tenancy's; decision 040).
    const instant = await this.instantBook.confirmsAtOnce(property, guestId, quote.mode);

    // The landlord's letter is written with the booking: both are kept, or neither.
    const inserted = await inBookingTransaction(this.db, async (tx) => {
      if (shortLetLimitApplies(property) && stayCounts(held.checkIn, held.checkOut)) {
        // Counted again under the listing's lock: a booking made since the quote may have taken the last nights.
        await holdShortLetLedger(tx, property.id);
        const limit = await this.shortLetLimit(tx, property, held.checkIn, held.checkOut);
        if (limit) throw new ConflictError(limit);
      }
      const booking = await insertBooking(tx, {
        propertyId: property.id,
        guestId,
        checkIn: held.checkIn,
        checkOut: held.checkOut,
        ...partyColumns(request),
        totalPrice: agreedRentPence === null ? quote.total.toFixed(2) : penceToPounds(agreedRentPence).toFixed(2),
        serviceFee: quote.serviceFee.toFixed(2),
        visitorLevy: (quote.visitorLevy?.amount ?? 0).toFixed(2),
        leviedNights: quote.visitorLevy?.nights.length ?? 0,
        leviedPrice: penceToPounds(leviedPricePence(quote)).toFixed(2),
        status: "pending",
        holdExpiresAt: agreedRentPence === null ? this.lifecycle.holdForNewBooking() : this.lifecycle.holdForRequest(),
        guestFirstName: request.guestInfo.firstName,
        guestLastName: request.guestInfo.lastName,
        guestEmail: request.guestInfo.email,
        guestPhone: request.guestInfo.phone ?? null,
        idempotencyKey: idempotencyKey ?? null,
        requestFingerprint: idempotencyKey ? fingerprint : null,
        stayMode: quote.mode,
        depositAmount: quote.deposits?.deposit?.toFixed(2) ?? null,
        stayPurpose: midLet?.purpose ?? null,
        stayPurposeOther: midLet?.purpose === "other" ? (midLet.purposeOther ?? null) : null,
        mainHomeAddress: midLet?.mainHomeAddress ?? null,
        securityDepositPence: quote.securityDeposit === null ? null : poundsToPence(quote.securityDeposit),
      });
      if (agreedRentPence !== null) await this.tenancies?.open(tx, booking, agreedRentPence);
      if (instant) return { booking: await this.instantBook.confirm(tx, booking, property.ownerId, this.notifier) };
      // A request waits for the landlord; a card booking is confirmed (and announced) by its payment.
      // A request's letter is written from what is at hand, but a periodic tenancy's states the tenancy just opened.
      if (!this.lifecycle.paymentsEnabled && agreedRentPence === null) {
        await this.notifier?.addRequest(tx, booking, { title: property.title, owner: facts.owner });
      } else if (agreedRentPence !== null) {
        await this.notifier?.add(tx, booking.id, "requested");
      }
      return { booking };
    });
    if ("booking" in inserted) {
      // Only a tenancy counts other nights than its stay's (decision 038), and only a tenancy has a row to read.
      const booking =
        agreedRentPence === null
          ? toBooking(inserted.booking, nightsBetween(inserted.booking.checkIn, inserted.booking.checkOut))
          : await this.bookingView(inserted.booking);
      return { booking, replayed: false };
    }
    if (inserted.refused === "closed") throw new ConflictError(LISTING_CLOSED);
    // Simultaneous retries with one key: the first insert won, and the others hit either the key's
    // unique index or the overlap constraint. Each answers as a retry would.
    const winner = idempotencyKey ? await this.replay(guestId, idempotencyKey, fingerprint) : undefined;
    if (winner) return { booking: winner, replayed: true };
    throw new ConflictError(DATES_TAKEN);
  }

  /**
   * The monthly rent a periodic tenancy is asked at: the advertised rent, or less if the guest offers less. An offer
   * above it (rental bidding) and more than a month's rent in advance are refused, whatever else the request says.
   */
  private periodicRent(property: BookableProperty, request: TCreateBookingWithTenancyTerms): number {
    const advertised = poundsToPence(property.pricePerMonth);
    if ((request.rentInAdvanceMonths ?? 0) > MAX_RENT_IN_ADVANCE_MONTHS) {
      throw new InvalidInputError(RENT_IN_ADVANCE_REFUSED);
    }
    if (request.offeredMonthlyRent === undefined) return advertised;
    const offered = Math.round(request.offeredMonthlyRent * 100);
    if (offered > advertised) {
      throw new UnprocessableError(
        `${RENTAL_BIDDING_REFUSED} The advertised rent is ${formatPence(advertised)} a month.`,
      );
    }
    return offered;
  }

  private async replay(guestId: number, key: string, fingerprint: string): Promise<TBooking | undefined> {
    const earlier = await findBookingByIdempotencyKey(this.db, guestId, key);
    if (!earlier) return undefined;
    if (earlier.requestFingerprint !== fingerprint) {
      throw new UnprocessableError("This Idempotency-Key was already used for a different booking request.");
    }
    return this.bookingView(earlier);
  }

  /** The booking as answered, with the nights it counts for (a periodic tenancy's first month, not its hold). */
  private async bookingView(row: BookingRow): Promise<TBooking> {
    const nights = await findCountedNights(this.db, [row.id], londonToday(this.now()));
    return toBooking(row, nights.get(row.id) ?? 0);
  }

  /**
   * Why London's yearly short-let limit refuses this stay, or null (the limit does not apply, or leaves room):
   * from the counts read with the stay's facts when given, else counted now in `db`.
   */
  private async shortLetLimit(
    db: Database | Tx,
    property: BookableProperty,
    checkIn: string,
    checkOut: string,
    read?: NightsFacts | null,
  ): Promise<string | null> {
    if (!shortLetLimitApplies(property) || !stayCounts(checkIn, checkOut)) return null;
    if (read?.nights.checkIn === checkIn && read.nights.checkOut === checkOut) {
      return overTheLimit(checkIn, checkOut, read.shortLetNightsByYear);
    }
    const used = new Map<number, number>();
    for (const year of yearsOfStay(checkIn, checkOut)) {
      used.set(year, (await countShortLetNights(db, [property.id], year)).get(property.id) ?? 0);
    }
    return overTheLimit(checkIn, checkOut, used);
  }

  /** The listing's facts read afresh, for `nights` (or none: a tenancy asked for with its move-in day alone). */
  private async factsOf(propertyId: number, nights: { checkIn: string; checkOut?: string }): Promise<BookingFacts> {
    const facts = await findBookingFacts(this.db, { id: propertyId }, stayNights(nights));
    if (!facts) throw notFound("Property not found");
    return facts;
  }

  private async bookableProperty(ref: string): Promise<BookableProperty> {
    const parsed = parsePropertyRef(ref);
    const property = parsed && (await findPropertyForBooking(this.db, parsed));
    if (!property?.isActive) throw notFound("Property not found");
    return property;
  }
}

/** The nights a stay asks for, or null when it gives no check-out (a tenancy asked for with its move-in day alone). */
function stayNights({ checkIn, checkOut }: { checkIn: string; checkOut?: string }): StayDates | null {
  return checkOut === undefined ? null : { checkIn, checkOut };
}

/** The accommodation price of the nights a quote's levy was charged on. */
function leviedPricePence(quote: TQuote): number {
  const levied = new Set(quote.visitorLevy?.nights ?? []);
  return quote.nightly.filter((n) => levied.has(n.date)).reduce((sum, n) => sum + poundsToPence(n.price), 0);
}

const penceOrNull = (pounds: string | null) => (pounds === null ? null : poundsToPence(pounds));

type Priced = {
  nightly: { date: string; pence: number }[];
  subtotalPence: number;
  serviceFeePence: number;
  totalPence: number;
  rent: TQuote["rent"];
  /** The visitor levy inside totalPence, or null where none is charged. */
  levy: { nights: string[]; pence: number } | null;
};

/** Short and mid lets: each night from the pricing rules, plus the service fee and any visitor levy. */
function nightlyPrice(property: BookableProperty, rules: PricingRule[], stay: StayDates): Priced {
  const price = priceStay({
    basePricePence: poundsToPence(property.pricePerNight),
    rules,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
  });
  const levy = stayLevy(price.nightly, property);
  return { ...price, totalPence: price.totalPence + (levy?.pence ?? 0), rent: null, levy };
}

/** Whether a tenancy asked for on `today` at this listing is periodic: England's, from the Act's first day. */
function periodicTenancyFor(property: { nation: string | null }, today: string): boolean {
  return periodicTenancyCovers(property.nation, today);
}

/** A periodic tenancy's first payment: one month's rent, taken when the landlord agrees, and no fee of ours. */
function firstMonthPrice(monthlyPence: number): Priced {
  return {
    nightly: [],
    subtotalPence: monthlyPence,
    serviceFeePence: 0,
    totalPence: monthlyPence,
    rent: { monthly: penceToPounds(monthlyPence), months: 1, extraDays: 0, periodic: true },
    levy: null,
  };
}

/** A tenancy: rent by the month, and no fee of ours on top (fees are banned on tenancies). */
function tenancyPrice(monthlyPence: number, stay: StayDates): Priced {
  const rent = tenancyRent(monthlyPence, stay);
  return {
    nightly: [],
    subtotalPence: rent.rentPence,
    serviceFeePence: 0,
    totalPence: rent.rentPence,
    rent: { monthly: penceToPounds(monthlyPence), months: rent.months, extraDays: rent.extraDays, periodic: false },
    // A home let on a tenancy is the guest's residence, which the levy does not reach.
    levy: null,
  };
}

function toBooking(row: BookingRow, nights: number): TBooking {
  return {
    id: row.id,
    propertyId: row.propertyId,
    guestId: row.guestId,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    nights,
    guestCount: row.guestCount,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    pets: row.pets,
    totalPrice: row.totalPrice,
    serviceFee: row.serviceFee,
    status: row.status,
    stayMode: row.stayMode,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    guestInfo: {
      firstName: row.guestFirstName,
      lastName: row.guestLastName,
      email: row.guestEmail,
      phone: row.guestPhone,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The party a booking stores: the count against capacity, and each kind. */
function partyColumns(request: TCreateBookingWithTenancyTerms) {
  const party = partyOf({ ...request, guests: request.guestCount });
  return { guestCount: guestsCounted(party), ...party };
}
