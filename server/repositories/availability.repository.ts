import { type AnyColumn, and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PricingRule } from "../../common/domain/pricing";
import { poundsToPence } from "../../common/domain/pricing";
import type { StayDates } from "../../common/domain/stay-modes";
import type { Database, Tx } from "../db/client";
import { insertWrittenOnce, preparedFor } from "../db/prepared";
import { availability, bookings, pricingRules, properties, propertyComplianceFacts, users } from "../db/schema";
import { PG, pgConstraint, pgErrorCode } from "../lib/postgres-errors";
import { latestCertificateExpiries, pauseFactsOf } from "./certificates.repository";
import { shortLetNightsOfStayYearsSql } from "./short-let-ledger.repository";
import { importedStayExists, overlappingBookingExists } from "./stay-availability.sql";

/**
 * The filter for a property's blocked nights (the landlord's and maintenance jobs') from the night `from`, and before
 * `until` when given: the nights nobody can book.
 */
export function blockedNightsWhere(propertyId: number | AnyColumn, from: string | SQL, until?: string | SQL) {
  return and(
    eq(availability.propertyId, propertyId),
    eq(availability.status, "blocked"),
    gte(availability.date, from),
    until === undefined ? undefined : lt(availability.date, until),
  );
}

/** The property's pricing rules in the shape the pricing code reads (money in pence). */
export async function findPricingRules(db: Database, propertyId: number): Promise<PricingRule[]> {
  return (await findPricingRulesOf(db, [propertyId])).get(propertyId) ?? [];
}

/** The pricing rules of several properties in one read (a page of search results), by property id. */
export async function findPricingRulesOf(db: Database, propertyIds: number[]): Promise<Map<number, PricingRule[]>> {
  const byProperty = new Map<number, PricingRule[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return byProperty;
  const rows = await db.select().from(pricingRules).where(inArray(pricingRules.propertyId, propertyIds));
  for (const r of rows) byProperty.get(r.propertyId)?.push(toPricingRule(r));
  return byProperty;
}

type PricingRuleColumns = Pick<
  typeof pricingRules.$inferSelect,
  | "id"
  | "startDate"
  | "endDate"
  | "daysOfWeek"
  | "minStayLength"
  | "maxStayLength"
  | "priceModifier"
  | "fixedPrice"
  | "isActive"
  | "priority"
>;

function toPricingRule(r: PricingRuleColumns): PricingRule {
  return {
    id: r.id,
    startDate: r.startDate,
    endDate: r.endDate,
    daysOfWeek: r.daysOfWeek,
    minStayLength: r.minStayLength,
    maxStayLength: r.maxStayLength,
    priceModifierPercent: r.priceModifier === null ? null : Number(r.priceModifier),
    fixedPricePence: r.fixedPrice === null ? null : poundsToPence(r.fixedPrice),
    isActive: r.isActive,
    priority: r.priority,
  };
}

/** The listing's columns a quote or a booking is judged on. */
const BOOKABLE_COLUMNS = {
  id: properties.id,
  ownerId: properties.ownerId,
  title: properties.title,
  pricePerNight: properties.pricePerNight,
  pricePerMonth: properties.pricePerMonth,
  maxGuests: properties.maxGuests,
  petsAllowed: properties.petsAllowed,
  suitsChildren: properties.suitsChildren,
  depositAmount: properties.depositAmount,
  holdingDepositAmount: properties.holdingDepositAmount,
  securityDepositAmount: properties.securityDepositAmount,
  epcRating: properties.epcRating,
  epcExemptionReference: properties.epcExemptionReference,
  shortLetOffered: properties.shortLetOffered,
  shortLetMinNights: properties.shortLetMinNights,
  shortLetMaxNights: properties.shortLetMaxNights,
  midLetOffered: properties.midLetOffered,
  midLetMinNights: properties.midLetMinNights,
  midLetMaxNights: properties.midLetMaxNights,
  tenancyOffered: properties.tenancyOffered,
  minTenancyMonths: properties.minTenancyMonths,
  maxTenancyMonths: properties.maxTenancyMonths,
  availableFrom: properties.availableFrom,
  isActive: properties.isActive,
  underMaintenance: properties.underMaintenance,
  cancellationPolicy: properties.cancellationPolicy,
  region: properties.region,
  propertyType: properties.propertyType,
  shortLetPermission: properties.shortLetPermission,
  nation: properties.nation,
  levyArea: properties.levyArea,
  welshRegistrationNumber: properties.welshRegistrationNumber,
  instantBook: properties.instantBook,
};

const propertyRefWhere = (ref: { id: number } | { slug: string }) =>
  "id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug);

/** The facts a quote or a booking needs about a property, by numeric id or slug. */
export async function findPropertyForBooking(db: Database, ref: { id: number } | { slug: string }) {
  const [row] = await db.select(BOOKABLE_COLUMNS).from(properties).where(propertyRefWhere(ref)).limit(1);
  return row;
}

/** Whether the nights of a stay are free, and what its nights are priced by. */
export type NightsFacts = {
  /** The nights these facts are about. */
  nights: StayDates;
  /** A pending or confirmed booking shares a night with them (the exclusion constraint's rule). */
  taken: boolean;
  /** The nights among them the landlord (or a maintenance job) has blocked. */
  blocked: string[];
  /** A stay imported from another site's calendar shares a night with them. */
  bookedElsewhere: boolean;
  /**
   * The nights already counted towards London's yearly short-let limit in each year these nights fall in, read
   * without the listing's lock (a booking counts again under it).
   */
  shortLetNightsByYear: Map<number, number>;
};

/**
 * Everything a booking is judged on, in one round trip instead of seven: the listing, what may pause its bookings,
 * the landlord who hears of a request, its pricing rules, and, for `nights` when given, whether any of them is
 * taken, blocked or booked on another site, and the nights the yearly short-let limit has counted. Each is read as
 * its own repository function reads it, without locks: the booking's transaction takes the listing's lock and the
 * database's constraint has the last word. Undefined when no listing has that id or slug. Every quote and booking reads it, so PostgreSQL keeps it planned (one statement for
 * each way of asking: by id or slug, with nights or without).
 */
export async function findBookingFacts(db: Database, ref: { id: number } | { slug: string }, nights: StayDates | null) {
  const asked = nights !== null && nights.checkIn < nights.checkOut ? nights : null;
  const by = "id" in ref ? "id" : "slug";
  const ask = asked ? bookingFactsWithNights : bookingFactsWithoutNights;
  const [row] = await ask[by](db).execute({
    ref: "id" in ref ? ref.id : ref.slug,
    checkIn: asked?.checkIn,
    checkOut: asked?.checkOut,
  });
  if (!row) return undefined;
  const { ownerEmail, ownerFirstName, hasGasSupply, hmo, selective, latest, rules } = row;
  const { taken, blocked, bookedElsewhere, shortLetNights } = row;
  const property = pickBookable(row);
  return {
    property,
    owner: { email: ownerEmail, firstName: ownerFirstName },
    pause: pauseFactsOf({ hasGasSupply, hmo, selective, latest }),
    rules: rules.map(toPricingRule),
    nights:
      asked && taken !== null && blocked !== null && bookedElsewhere !== null && shortLetNights !== null
        ? ({
            nights: asked,
            taken: Boolean(taken),
            blocked,
            bookedElsewhere: Boolean(bookedElsewhere),
            shortLetNightsByYear: new Map(Object.entries(shortLetNights).map(([year, n]) => [Number(year), n])),
          } satisfies NightsFacts)
        : null,
  };
}

/** The statement of findBookingFacts for a listing by id or slug, with the nights asked as `checkIn` and `checkOut`. */
function bookingFactsQuery(db: Database, by: "id" | "slug", withNights: boolean) {
  const checkIn = sql<string>`${sql.placeholder("checkIn")}::date`;
  const checkOut = sql<string>`${sql.placeholder("checkOut")}::date`;
  return db
    .select({
      ...BOOKABLE_COLUMNS,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
      hasGasSupply: propertyComplianceFacts.hasGasSupply,
      hmo: propertyComplianceFacts.hmoLicenceApplies,
      selective: propertyComplianceFacts.selectiveLicenceApplies,
      latest: latestCertificateExpiries(properties.id),
      rules: sql<PricingRuleColumns[]>`(select coalesce(json_agg(json_build_object(
          'id', r.id, 'startDate', r.start_date, 'endDate', r.end_date, 'daysOfWeek', r.days_of_week,
          'minStayLength', r.min_stay_length, 'maxStayLength', r.max_stay_length,
          'priceModifier', r.price_modifier::text, 'fixedPrice', r.fixed_price::text, 'isActive', r.is_active,
          'priority', r.priority) order by r.id), '[]'::json)
        from pricing_rules r where r.property_id = ${properties.id})`,
      taken: withNights ? overlappingBookingExists(properties.id, checkIn, checkOut) : sql<null>`null`,
      blocked: withNights
        ? sql<string[]>`array(select ${availability.date}::text from ${availability}
            where ${blockedNightsWhere(properties.id, checkIn, checkOut)} order by ${availability.date})`
        : sql<null>`null`,
      bookedElsewhere: withNights ? importedStayExists(properties.id, checkIn, checkOut) : sql<null>`null`,
      shortLetNights: withNights ? shortLetNightsOfStayYearsSql(properties.id, checkIn, checkOut) : sql<null>`null`,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .leftJoin(propertyComplianceFacts, eq(propertyComplianceFacts.propertyId, properties.id))
    .where(by === "id" ? eq(properties.id, sql.placeholder("ref")) : eq(properties.slug, sql.placeholder("ref")))
    .limit(1)
    .prepare(`booking_facts_by_${by}${withNights ? "_with_nights" : ""}`);
}

const bookingFactsWithNights = {
  id: preparedFor((db) => bookingFactsQuery(db, "id", true)),
  slug: preparedFor((db) => bookingFactsQuery(db, "slug", true)),
};
const bookingFactsWithoutNights = {
  id: preparedFor((db) => bookingFactsQuery(db, "id", false)),
  slug: preparedFor((db) => bookingFactsQuery(db, "slug", false)),
};

/** The listing's own columns of a wider row. */
function pickBookable<T extends Record<keyof typeof BOOKABLE_COLUMNS, unknown>>(row: T) {
  return Object.fromEntries(Object.keys(BOOKABLE_COLUMNS).map((key) => [key, row[key as keyof T]])) as Pick<
    T,
    keyof typeof BOOKABLE_COLUMNS
  >;
}

export type BookingRow = typeof bookings.$inferSelect;

export async function findBookingByIdempotencyKey(db: Database, guestId: number, key: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Why the database refused a booking's insert: its nights, its Idempotency-Key, or a listing closed meanwhile. */
export type BookingRefusal = "taken" | "duplicate" | "closed";

/** Thrown by insertBooking when the database refuses the booking; the transaction it ran in is aborted. */
export class BookingRefused extends Error {
  constructor(readonly refused: BookingRefusal) {
    super(`booking refused: ${refused}`);
  }
}

/** The columns a new booking is written with; the rest (its cancellation policy among them) take their defaults. */
const NEW_BOOKING_COLUMNS = [
  "propertyId",
  "guestId",
  "checkIn",
  "checkOut",
  "guestCount",
  "adults",
  "children",
  "infants",
  "pets",
  "totalPrice",
  "serviceFee",
  "visitorLevy",
  "leviedNights",
  "leviedPrice",
  "status",
  "holdExpiresAt",
  "guestFirstName",
  "guestLastName",
  "guestEmail",
  "guestPhone",
  "idempotencyKey",
  "requestFingerprint",
  "stayMode",
  "depositAmount",
  "stayPurpose",
  "stayPurposeOther",
  "mainHomeAddress",
  "securityDepositPence",
] as const;
const writeBooking = insertWrittenOnce(bookings, NEW_BOOKING_COLUMNS, "insert_booking");
export type NewBooking = Parameters<typeof writeBooking>[1];

/**
 * Inserts the booking, in the transaction of `inBookingTransaction`. The database is the last word on overlaps: it
 * throws BookingRefused "taken" when the exclusion constraint refuses it, "duplicate" when the same Idempotency-Key
 * won a race, "closed" when the listing stopped taking bookings after the caller checked it (removed by an admin, say;
 * trigger of migration 0012). No savepoint guards it, so a refusal aborts the transaction, which has nothing left to
 * do but roll back. The booking's cancellation policy is not the caller's to give: the insert copies the property's
 * policy in force at that instant (trigger bookings_copy_cancellation_policy, migration 0010).
 */
export async function insertBooking(tx: Tx, booking: NewBooking): Promise<BookingRow> {
  try {
    const row = await writeBooking(tx, booking);
    if (!row) throw new Error("booking not inserted");
    return row;
  } catch (error) {
    const code = pgErrorCode(error);
    // The exclusion constraint refused a second booking of a night.
    if (code === PG.EXCLUSION_VIOLATION) throw new BookingRefused("taken");
    if (code === PG.CHECK_VIOLATION && pgConstraint(error) === "bookings_listing_bookable")
      throw new BookingRefused("closed");
    if (code === PG.UNIQUE_VIOLATION && booking.idempotencyKey) throw new BookingRefused("duplicate");
    throw error;
  }
}

/**
 * Runs the transaction that makes a booking, answering the database's refusal of its insert as `{ refused }` once
 * the transaction has rolled back.
 *
 * Two overlapping inserts at the same instant can each find the other's uncommitted row and wait for it; PostgreSQL
 * then aborts one as a deadlock (40P01) rather than as an overlap. The whole transaction is simply run again: by then
 * the survivor has committed (a 23P01, so "taken") or rolled back. Running it all again, rather than the insert alone,
 * also gives up the listing's lock in between, which the other transaction may be waiting for.
 */
export async function inBookingTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  attempts = 3,
): Promise<T | { refused: BookingRefusal }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof BookingRefused) return { refused: error.refused };
      if (pgErrorCode(error) !== PG.DEADLOCK_DETECTED || attempt >= attempts) throw error;
    }
  }
}
