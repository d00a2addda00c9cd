import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import {
  availabilityStatus,
  cancellationPolicy,
  councilTaxBand,
  epcRating,
  furnishingStatus,
  levyArea,
  propertyType,
  ukNation,
} from "./enums";
import { maintenanceJobs } from "./maintenance";
import { users } from "./users";

export type TenantPreferences = {
  petsAllowed?: boolean;
  smokingAllowed?: boolean;
  dssAccepted?: boolean;
  studentsAccepted?: boolean;
};

export const properties = pgTable(
  "properties",
  {
    id: idColumn(),
    ownerId: requiredRef("owner_id", () => users.id, "restrict"),
    /** Stable, readable address of the listing: /property/westminster-luxury-flat. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    address: text("address").notNull(),
    /** The London borough for London listings (as the landlord form offers), else the town. */
    city: text("city").notNull(),
    /** The wider area searched by name: "London" for every borough, else the town itself. */
    region: text("region").notNull().default("London"),
    postcode: text("postcode"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** The UK nation whose law the listing follows (licence, registration), confirmed by the landlord. */
    nation: ukNation("nation").notNull().default("England"),
    /** The council area whose visitor levy its stays carry; null where none is charged. */
    levyArea: levyArea("levy_area"),
    /** The council's short-let licence number, required for a Scottish listing that offers short lets. */
    shortLetLicenceNumber: text("short_let_licence_number"),
    /** The Welsh visitor accommodation registration number; without it no stay from 1 October 2026 is taken. */
    welshRegistrationNumber: text("welsh_registration_number"),
    pricePerNight: numeric("price_per_night", {
      precision: 10,
      scale: 2,
    }).notNull(),
    pricePerMonth: numeric("price_per_month", {
      precision: 10,
      scale: 2,
    }).notNull(),
    /**
     * A "was" price a landlord once typed. No longer shown: a struck-through price must be one the listing really
     * charged, which property_price_changes records (kept so no data is lost).
     */
    originalPricePerNight: numeric("original_price_per_night", {
      precision: 10,
      scale: 2,
    }),
    bedrooms: integer("bedrooms").notNull().default(1),
    bathrooms: integer("bathrooms").notNull().default(1),
    maxGuests: integer("max_guests").notNull().default(2),
    propertyType: propertyType("property_type").notNull().default("flat"),
    squareFeet: integer("square_feet"),
    furnishingStatus: furnishingStatus("furnishing_status").notNull().default("unfurnished"),
    availableFrom: date("available_from"),
    depositAmount: numeric("deposit_amount", { precision: 10, scale: 2 }),
    minTenancyMonths: integer("min_tenancy_months").notNull().default(6),
    /** At most one week's rent while tenancies are offered (the service checks; the law may change). */
    holdingDepositAmount: numeric("holding_deposit_amount", { precision: 10, scale: 2 }),
    /** A short let's refundable security deposit, held on the guest's card around the stay; null: none. */
    securityDepositAmount: numeric("security_deposit_amount", { precision: 10, scale: 2 }),
    /**
     * The stay modes the listing offers (common/domain/stay-modes.ts), each with its shortest and longest stay:
     * nights for short and mid lets, months for tenancies (the shortest is min_tenancy_months). A null longest
     * stay runs to the mode's own end.
     */
    shortLetOffered: boolean("short_let_offered").notNull().default(true),
    shortLetMinNights: integer("short_let_min_nights").notNull().default(1),
    shortLetMaxNights: integer("short_let_max_nights").notNull().default(27),
    midLetOffered: boolean("mid_let_offered").notNull().default(true),
    midLetMinNights: integer("mid_let_min_nights").notNull().default(28),
    midLetMaxNights: integer("mid_let_max_nights"),
    tenancyOffered: boolean("tenancy_offered").notNull().default(true),
    maxTenancyMonths: integer("max_tenancy_months"),
    epcRating: epcRating("epc_rating"),
    /** The PRS Exemptions Register reference that lets an F or G rated home be let on a tenancy. */
    epcExemptionReference: text("epc_exemption_reference"),
    councilTaxBand: councilTaxBand("council_tax_band"),
    /** The earliest arrival time, "15:00"; null when the landlord has not said. */
    checkInTime: text("check_in_time"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    tenantPreferences: jsonb("tenant_preferences").$type<TenantPreferences>().notNull().default({}),
    /**
     * Whether a short or mid let may bring pets (searches and quotes with pets skip a listing without). Taken over
     * from tenant_preferences.petsAllowed, which the form still mirrors. A tenant's own request for a pet goes through
     * pet requests whatever this says.
     */
    petsAllowed: boolean("pets_allowed").notNull().default(false),
    /** Whether the home suits children and infants on short and mid lets; tenancies may not turn children away. */
    suitsChildren: boolean("suits_children").notNull().default(true),
    termsAndConditions: text("terms_and_conditions"),
    cancellationPolicy: cancellationPolicy("cancellation_policy").notNull().default("moderate"),
    /** Instant book: a qualifying guest's stay is confirmed without waiting for the landlord (decision 040). */
    instantBook: boolean("instant_book").notNull().default(false),
    /** Instant book's requirement: stays the guest has completed on StayLondon (0 to 10). */
    instantBookMinStays: integer("instant_book_min_stays").notNull().default(0),
    /** Instant book's requirement: the guest has written to the host about this listing first. */
    instantBookMessageRequired: boolean("instant_book_message_required").notNull().default(false),
    /**
     * The planning decision that lets this London home be let short for more than 90 nights a year, as the landlord
     * recorded it; null when none is held and the yearly limit applies.
     */
    shortLetPermission: text("short_let_permission"),
    isActive: boolean("is_active").notNull().default(true),
    underMaintenance: boolean("under_maintenance").notNull().default(false),
    /**
     * Set when an admin removes the listing (it is then inactive): the owner cannot list it again until an admin
     * restores it.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: integer("removed_by").references(() => users.id, { onDelete: "set null" }),
    removalReason: text("removal_reason"),
    rating: numeric("rating", { precision: 3, scale: 2 }).notNull().default("0.00"),
    reviewCount: integer("review_count").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("properties_slug_key").on(t.slug),
    // The levy area is a council area inside the listing's nation.
    check("properties_levy_area_in_nation", sql`${t.levyArea} is null or ${t.nation} = 'Scotland'`),
    // Also carries created_at and id (INCLUDE, written in migration 0059: Drizzle has no INCLUDE), so a search by
    // owner finds their listings, newest first, without reading the listings themselves.
    index("properties_owner_idx").on(t.ownerId),
    index("properties_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // Property Management's inactive listings, newest first: a few percent of all, found without reading the rest.
    index("properties_inactive_created_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`not ${t.isActive}`),
    // Search paths (chosen from EXPLAIN ANALYZE on 100k listings: bench/results/search-explain.txt).
    // Substring matches (ILIKE '%camden%') need trigram indexes; the recommended order and the price
    // filter/sorts walk btree indexes over active listings only, stopping after one page.
    // One expression per filter (the repository matches exactly these), so the planner can estimate it.
    index("properties_place_trgm_idx").using("gin", sql`(${t.city} || ' ' || ${t.region}) gin_trgm_ops`),
    index("properties_text_trgm_idx").using("gin", sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`),
    // Property Management searches titles alone.
    index("properties_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("properties_recommended_idx")
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    index("properties_price_idx").on(t.pricePerNight, t.id).where(sql`${t.isActive}`),
    // The map's bounding-box search: `point(longitude, latitude) <@ box` over active listings (map-search.repository).
    index("properties_location_gist_idx")
      .using("gist", sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.isActive}`),
    check("properties_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 120`),
    check("properties_price_per_night_non_negative", sql`${t.pricePerNight} >= 0`),
    check("properties_check_in_time_shape", sql`${t.checkInTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("properties_price_per_month_non_negative", sql`${t.pricePerMonth} >= 0`),
    check(
      "properties_original_price_non_negative",
      sql`${t.originalPricePerNight} is null or ${t.originalPricePerNight} >= 0`,
    ),
    check("properties_deposit_non_negative", sql`${t.depositAmount} is null or ${t.depositAmount} >= 0`),
    check("properties_bedrooms_range", sql`${t.bedrooms} between 0 and 50`),
    check("properties_bathrooms_range", sql`${t.bathrooms} between 1 and 50`),
    check("properties_max_guests_range", sql`${t.maxGuests} between 1 and 100`),
    check("properties_square_feet_non_negative", sql`${t.squareFeet} is null or ${t.squareFeet} >= 0`),
    check("properties_min_tenancy_positive", sql`${t.minTenancyMonths} >= 1`),
    check(
      "properties_holding_deposit_non_negative",
      sql`${t.holdingDepositAmount} is null or ${t.holdingDepositAmount} >= 0`,
    ),
    check(
      "properties_security_deposit_range",
      sql`${t.securityDepositAmount} is null or ${t.securityDepositAmount} between 0 and 2500`,
    ),
    check("properties_offers_a_stay", sql`${t.shortLetOffered} or ${t.midLetOffered} or ${t.tenancyOffered}`),
    check(
      "properties_short_let_range",
      sql`${t.shortLetMinNights} between 1 and 27 and ${t.shortLetMaxNights} between ${t.shortLetMinNights} and 27`,
    ),
    check(
      "properties_mid_let_range",
      sql`${t.midLetMinNights} between 28 and 184 and (${t.midLetMaxNights} is null or ${t.midLetMaxNights} between ${t.midLetMinNights} and 184)`,
    ),
    check(
      "properties_tenancy_range",
      sql`${t.maxTenancyMonths} is null or ${t.maxTenancyMonths} between ${t.minTenancyMonths} and 24`,
    ),
    check("properties_instant_book_min_stays_range", sql`${t.instantBookMinStays} between 0 and 10`),
    check("properties_rating_range", sql`${t.rating} between 0 and 5`),
    check("properties_review_count_non_negative", sql`${t.reviewCount} >= 0`),
    check("properties_latitude_range", sql`${t.latitude} is null or ${t.latitude} between -90 and 90`),
    check("properties_longitude_range", sql`${t.longitude} is null or ${t.longitude} between -180 and 180`),
  ],
);

/**
 * Every nightly price a listing has been offered at and from when, written by a trigger on properties (migration
 * 0025), so no path that changes a price can forget it. A struck-through "was" price is read from here.
 */
export const propertyPriceChanges = pgTable(
  "property_price_changes",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    pricePerNight: numeric("price_per_night", { precision: 10, scale: 2 }).notNull(),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("property_price_changes_property_time_idx").on(t.propertyId, t.effectiveFrom)],
);

/**
 * An administrator's verification of a listing: who, when, what they checked. A listing shows "Verified" while one
 * stands; withdrawing it keeps the record, with who withdrew it and why.
 */
export const propertyVerifications = pgTable(
  "property_verifications",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    verifiedBy: integer("verified_by").references(() => users.id, { onDelete: "set null" }),
    /** What was checked (common/domain/listing-verification.ts). */
    checks: text("checks").array().notNull(),
    note: text("note"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: integer("withdrawn_by").references(() => users.id, { onDelete: "set null" }),
    withdrawalReason: text("withdrawal_reason"),
  },
  (t) => [
    // At most one standing verification per listing.
    uniqueIndex("property_verifications_standing_key").on(t.propertyId).where(sql`${t.withdrawnAt} is null`),
    check("property_verifications_some_checks", sql`cardinality(${t.checks}) > 0`),
  ],
);

export const propertyPhotos = pgTable(
  "property_photos",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    url: text("url").notNull(),
    caption: text("caption"),
    displayOrder: integer("display_order").notNull().default(0),
    isMain: boolean("is_main").notNull().default(false),
    roomType: text("room_type"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("property_photos_display_idx").on(t.propertyId, t.isMain.desc().nullsFirst(), t.displayOrder, t.id),
    // At most one main photo per property.
    uniqueIndex("property_photos_one_main_key").on(t.propertyId).where(sql`${t.isMain}`),
  ],
);

export const propertyAmenities = pgTable(
  "property_amenities",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    category: text("category").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    isHighlighted: boolean("is_highlighted").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("property_amenities_property_name_key").on(t.propertyId, t.name)],
);

export const availability = pgTable(
  "availability",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    date: date("date").notNull(),
    status: availabilityStatus("status").notNull().default("available"),
    notes: text("notes"),
    /** The maintenance job that blocked this night; null for the landlord's own blocks. */
    maintenanceJobId: integer("maintenance_job_id").references(() => maintenanceJobs.id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("availability_property_date_key").on(t.propertyId, t.date),
    index("availability_maintenance_job_idx").on(t.maintenanceJobId).where(sql`${t.maintenanceJobId} is not null`),
  ],
);

export const pricingRules = pgTable(
  "pricing_rules",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    name: text("name").notNull(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    /** 0 = Sunday … 6 = Saturday; null or empty means every day. */
    daysOfWeek: integer("days_of_week").array(),
    minStayLength: integer("min_stay_length"),
    maxStayLength: integer("max_stay_length"),
    /** Percentage change to the base nightly price, e.g. 15.00 or -10.00. */
    priceModifier: numeric("price_modifier", { precision: 5, scale: 2 }),
    fixedPrice: numeric("fixed_price", { precision: 10, scale: 2 }),
    isActive: boolean("is_active").notNull().default(true),
    priority: integer("priority").notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("pricing_rules_property_idx").on(t.propertyId),
    check(
      "pricing_rules_dates_ordered",
      sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    check("pricing_rules_days_of_week_range", sql`${t.daysOfWeek} is null or ${t.daysOfWeek} <@ array[0,1,2,3,4,5,6]`),
    check("pricing_rules_min_stay_positive", sql`${t.minStayLength} is null or ${t.minStayLength} >= 1`),
    check(
      "pricing_rules_stay_lengths_ordered",
      sql`${t.minStayLength} is null or ${t.maxStayLength} is null or ${t.maxStayLength} >= ${t.minStayLength}`,
    ),
    check("pricing_rules_modifier_range", sql`${t.priceModifier} is null or ${t.priceModifier} > -100`),
    check("pricing_rules_fixed_price_non_negative", sql`${t.fixedPrice} is null or ${t.fixedPrice} >= 0`),
  ],
);

export const propertyMetrics = pgTable(
  "property_metrics",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    date: date("date").notNull(),
    views: integer("views").notNull().default(0),
    inquiries: integer("inquiries").notNull().default(0),
    bookings: integer("bookings").notNull().default(0),
    revenue: numeric("revenue", { precision: 12, scale: 2 }).notNull().default("0"),
    occupancyRate: numeric("occupancy_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    avgDailyRate: numeric("avg_daily_rate", { precision: 10, scale: 2 }).notNull().default("0"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("property_metrics_property_date_key").on(t.propertyId, t.date),
    check("property_metrics_counts_non_negative", sql`${t.views} >= 0 and ${t.inquiries} >= 0 and ${t.bookings} >= 0`),
    check("property_metrics_money_non_negative", sql`${t.revenue} >= 0 and ${t.avgDailyRate} >= 0`),
    check("property_metrics_occupancy_range", sql`${t.occupancyRate} between 0 and 100`),
  ],
);
