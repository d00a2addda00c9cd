import { addDays, formatNightRange, londonToday, nightsBetween, nightsOf } from "../../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence, priceStay } from "../../../common/domain/pricing";
import type { BookingStatus } from "../../../common/domain/property-options";
import { bookingReference } from "../../../common/schemas/bookings";
import {
  MAX_PRICING_RULES_PER_PROPERTY,
  type NightState,
  type TCalendarMonth,
  type TCalendarNight,
  type TNightRange,
  TOO_MANY_PRICING_RULES,
  type TPricingRule,
  type TPricingRuleInput,
} from "../../../common/schemas/landlord-properties";
import { type Actor, propertyOr404 } from "../../access/records";
import type { Database } from "../../db/client";
import { badRequest, ConflictError, InvalidInputError, notFound } from "../../lib/errors";
import { publicGuestName } from "../../lib/person-names";
import { findPricingRules, findPropertyForBooking } from "../../repositories/availability.repository";
import {
  blockedNightsBetween,
  blockNights,
  bookingsBetween,
  deletePricingRule,
  insertPricingRuleWithinLimit,
  listPricingRules,
  type PricingRuleRow,
  type PricingRuleValues,
  replacePricingRule,
  unblockNights,
} from "../../repositories/properties/calendar.repository";
import { importedStaysBetween } from "../../repositories/properties/calendar-sync.repository";
import type { BookingLifecycleService } from "../booking-lifecycle/booking-lifecycle.service";

type Manager = Actor;

/** The most nights one block or unblock may change: a year, leap day included. */
export const MAX_NIGHTS_PER_CHANGE = 366;
export const PAST_NIGHTS_MESSAGE = "Past nights cannot be changed";

/**
 * A property's calendar and pricing rules, for its owner or an admin. Every method
 * starts with the access check, so anyone else gets the 404 of a property that does not exist.
 */
export class PropertyCalendarService {
  constructor(
    private readonly db: Database,
    /** Lapsed holds release their nights before the calendar is read or changed. */
    private readonly lifecycle: Pick<BookingLifecycleService, "releaseLapsedHolds">,
  ) {}

  async listRules(user: Manager, propertyRef: string): Promise<TPricingRule[]> {
    const property = await propertyOr404(this.db, propertyRef, user, "read");
    return (await listPricingRules(this.db, property.id)).map(toPricingRule);
  }

  async createRule(user: Manager, propertyRef: string, input: TPricingRuleInput): Promise<TPricingRule> {
    const property = await propertyOr404(this.db, propertyRef, user);
    const row = await insertPricingRuleWithinLimit(
      this.db,
      property.id,
      toRuleValues(input),
      MAX_PRICING_RULES_PER_PROPERTY,
    );
    if (row === undefined) throw notFound("Property not found");
    if (row === "full") throw badRequest(TOO_MANY_PRICING_RULES);
    return toPricingRule(row);
  }

  async replaceRule(user: Manager, propertyRef: string, ruleId: number, input: TPricingRuleInput) {
    const property = await propertyOr404(this.db, propertyRef, user);
    const row = await replacePricingRule(this.db, property.id, ruleId, toRuleValues(input));
    if (!row) throw notFound("Pricing rule not found");
    return toPricingRule(row);
  }

  async deleteRule(user: Manager, propertyRef: string, ruleId: number): Promise<{ deleted: true }> {
    const property = await propertyOr404(this.db, propertyRef, user);
    if (!(await deletePricingRule(this.db, property.id, ruleId))) throw notFound("Pricing rule not found");
    return { deleted: true };
  }

  /** Every night of `month` (YYYY-MM): its state, its one-night price and the booking that holds it. */
  async month(user: Manager, propertyRef: string, month: string): Promise<TCalendarMonth> {
    const property = await propertyOr404(this.db, propertyRef, user, "read");
    await this.lifecycle.releaseLapsedHolds({ propertyId: property.id });
    const first = `${month}-01`;
    const next = firstOfNextMonth(month);
    const [facts, rules, ruleRows, stays, blocked, imported] = await Promise.all([
      findPropertyForBooking(this.db, { id: property.id }),
      findPricingRules(this.db, property.id),
      listPricingRules(this.db, property.id),
      bookingsBetween(this.db, property.id, first, next),
      blockedNightsBetween(this.db, property.id, first, next),
      importedStaysBetween(this.db, property.id, first, next),
    ]);
    if (!facts) throw notFound("Property not found");

    const basePricePence = poundsToPence(facts.pricePerNight);
    const ruleNames = new Map(ruleRows.map((r) => [r.id, r.name]));
    const notes = new Map(blocked.map((b) => [b.date, b.notes]));
    const today = londonToday();

    const nights = nightsOf(first, next).map((date): TCalendarNight => {
      // The same pricing code as a quote, for a one-night stay (stay-length rules apply to quotes).
      const [priced] = priceStay({ basePricePence, rules, checkIn: date, checkOut: addDays(date, 1) }).nightly;
      const stay = stays.find((s) => s.checkIn <= date && date < s.checkOut);
      const isBlocked = notes.has(date);
      const elsewhere = imported.find((s) => s.startsOn <= date && date < s.endsOn);
      return {
        date,
        state: nightState(stay?.status, date < today, isBlocked, elsewhere !== undefined),
        price: penceToPounds(priced?.pence ?? basePricePence),
        ruleName: priced?.ruleId == null ? null : (ruleNames.get(priced.ruleId) ?? null),
        note: isBlocked ? (notes.get(date) ?? null) : null,
        booking: stay
          ? {
              id: stay.id,
              reference: bookingReference(stay.id),
              guestName: publicGuestName(stay.guestFirstName, stay.guestLastName),
              status: stay.status,
              checkInDate: stay.checkIn,
              checkOutDate: stay.checkOut,
            }
          : null,
        imported: elsewhere ? { feedName: elsewhere.feedName, summary: elsewhere.summary } : null,
        // Only a live booking clashes: a completed stay's nights are history on both sites.
        conflict: elsewhere !== undefined && (stay?.status === "pending" || stay?.status === "confirmed"),
      };
    });
    return { month, basePrice: penceToPounds(basePricePence), nights };
  }

  /** Blocks `from`..`to`; a 409 naming the nights when a pending or confirmed booking holds any. */
  async block(user: Manager, propertyRef: string, range: TNightRange): Promise<{ changed: number }> {
    const property = await propertyOr404(this.db, propertyRef, user);
    checkChangeable(range.from, range.to);
    await this.lifecycle.releaseLapsedHolds({ propertyId: property.id });
    const outcome = await blockNights(this.db, property.id, { ...range, note: range.note || null });
    if ("changed" in outcome) return outcome;
    const held = outcome.heldBy.map((stay) => {
      // Only the nights of this range the stay holds.
      const firstNight = laterDate(stay.checkIn, range.from);
      const lastNight = earlierDate(addDays(stay.checkOut, -1), range.to);
      return formatNightRange(firstNight, lastNight);
    });
    throw new ConflictError(`These nights are held by a booking and cannot be blocked: ${held.join(", ")}`);
  }

  async unblock(user: Manager, propertyRef: string, from: string, to: string): Promise<{ changed: number }> {
    const property = await propertyOr404(this.db, propertyRef, user);
    checkChangeable(from, to);
    return { changed: await unblockNights(this.db, property.id, from, to) };
  }
}

/**
 * A booking shows even on a past night, and so does a stay booked on another site (it counts like ours); a past
 * night cannot be blocked or freed any more.
 */
function nightState(
  bookingStatus: BookingStatus | undefined,
  isPast: boolean,
  isBlocked: boolean,
  isImported: boolean,
): NightState {
  if (bookingStatus) return bookingStatus === "pending" ? "requested" : "booked";
  if (isImported) return "imported";
  if (isPast) return "past";
  return isBlocked ? "blocked" : "free";
}

function checkChangeable(from: string, to: string): void {
  if (from < londonToday()) throw new InvalidInputError(PAST_NIGHTS_MESSAGE);
  if (nightsBetween(from, to) + 1 > MAX_NIGHTS_PER_CHANGE) {
    throw new InvalidInputError(`At most ${MAX_NIGHTS_PER_CHANGE} nights can be changed at once`);
  }
}

const laterDate = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
const earlierDate = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);

function firstOfNextMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}-01`;
}

/**
 * Pounds and percent as numeric(10,2) and numeric(5,2) text (the contract refuses a third decimal, so
 * toFixed(2) rounds nothing away); an empty day list means every day.
 */
function toRuleValues(input: TPricingRuleInput): PricingRuleValues {
  return {
    name: input.name,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    daysOfWeek: input.daysOfWeek?.length ? [...input.daysOfWeek].sort((a, b) => a - b) : null,
    minStayLength: input.minStayLength ?? null,
    maxStayLength: input.maxStayLength ?? null,
    priceModifier: input.priceModifier == null ? null : input.priceModifier.toFixed(2),
    fixedPrice: input.fixedPrice == null ? null : input.fixedPrice.toFixed(2),
    isActive: input.isActive,
    priority: input.priority,
  };
}

function toPricingRule(row: PricingRuleRow): TPricingRule {
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    daysOfWeek: row.daysOfWeek,
    minStayLength: row.minStayLength,
    maxStayLength: row.maxStayLength,
    priceModifier: row.priceModifier === null ? null : Number(row.priceModifier),
    fixedPrice: row.fixedPrice === null ? null : Number(row.fixedPrice),
    isActive: row.isActive,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
  };
}
