import { z } from "zod";
import { addDays, isCalendarDate, londonToday } from "../domain/calendar-dates";
import { BOOKING_STATUSES, PROPERTY_STATUSES } from "../domain/property-options";
import { hasAtMostTwoDecimals, keysMask, TWO_DECIMALS_MESSAGE } from "../entities/field-kinds";
import {
  PROPERTY_CARD_COLUMNS,
  PROPERTY_LISTING_COLUMNS,
  PROPERTY_OWNER_COLUMNS,
  ZPropertyRecord,
} from "../entities/property";
import { ZBodyId, ZUrlId } from "./ids";
import { ZPropertyRef } from "./properties";
import { ZPhotoUrl } from "./property-form";

/**
 * The landlord's side of a property: My Properties, the manage page, photos, pricing rules
 * and the calendar. Every route here answers 404 to anyone but the owner or an admin, so a stranger
 * cannot even learn that a property id exists.
 */

const ZCalendarDate = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`);

/** The calendar's first and last day: GET …/calendar takes the months 2000-01 to 2100-12. */
export const CALENDAR_FIRST_DATE = "2000-01-01";
export const CALENDAR_LAST_DATE = "2100-12-31";

/** A date within the calendar; the bound is checked only on a real date, so a malformed one gets one message. */
const ZDateInCalendar = (label: string) =>
  ZCalendarDate(label).refine(
    (date) => !isCalendarDate(date) || (date >= CALENDAR_FIRST_DATE && date <= CALENDAR_LAST_DATE),
    `${label} must be between 1 January 2000 and 31 December 2100`,
  );

/**
 * London's yearly limit on whole-home short lets, for one listing this calendar year: the nights counted so far
 * (every night of each stay under 90 nights, held, confirmed or past). `applies` is false outside London, for a
 * room, or when planning permission is recorded (`permission`).
 */
export const ZShortLetCount = z.object({
  year: z.number().int(),
  nights: z.number().int().nonnegative(),
  limit: z.number().int(),
  applies: z.boolean(),
  inLondon: z.boolean(),
  permission: z.string().nullable(),
});
export type TShortLetCount = z.infer<typeof ZShortLetCount>;

/** PUT /api/properties/{id}/short-let-permission: the planning decision that lifts the limit, or null to clear it. */
export const ZShortLetPermissionRequest = z.strictObject({
  permission: z
    .string({ error: "permission must be text or null" })
    .trim()
    .min(3, "Give the planning decision's reference, for example 2024/0412/P")
    .max(200, "The reference can be at most 200 characters")
    .nullable(),
});
export type TShortLetPermissionRequest = z.infer<typeof ZShortLetPermissionRequest>;

/** GET /api/properties/my-properties: one card of My Properties, with figures from the bookings. */
export const ZMyProperty = ZPropertyRecord.pick({
  ...keysMask(["id", "slug", "title", "address", "city", "pricePerNight", "pricePerMonth"] as const),
  ...keysMask(["bedrooms", "bathrooms", "maxGuests", "rating", "reviewCount", "isActive", "status"] as const),
  createdAt: true,
}).extend({
  /** Photo URLs, the main photo first. */
  images: z.array(z.string()),
  /** Bookings of this property that are not cancelled (pending, confirmed, completed). */
  bookingCount: z.number().int().nonnegative(),
  /** Pending requests waiting for the landlord. */
  pendingCount: z.number().int().nonnegative(),
  /** Pounds from confirmed and completed stays checking in this calendar month (London). */
  monthlyRevenue: z.number(),
  /** Booked nights over available nights this calendar month, 0 to 100, one decimal. */
  occupancyRate: z.number(),
  shortLets: ZShortLetCount,
});
export type TMyProperty = z.infer<typeof ZMyProperty>;
export const ZMyProperties = z.array(ZMyProperty);

export const ZManagedPhoto = z.object({
  id: z.number().int(),
  /** The largest size; uploaded photos also come in smaller widths (see srcSet). */
  url: z.string(),
  /** For uploaded photos: "…/480.webp 480w, …/960.webp 960w, …/1600.webp 1600w"; null for photos by URL. */
  srcSet: z.string().nullable(),
  caption: z.string().nullable(),
  isMain: z.boolean(),
  displayOrder: z.number().int(),
});
export type TManagedPhoto = z.infer<typeof ZManagedPhoto>;
export const ZManagedPhotos = z.array(ZManagedPhoto);

/** GET /api/properties/{id}/manage and the answer of every write: all the form's fields, resolved. */
export const ZManagedProperty = ZPropertyRecord.pick({
  ...keysMask(PROPERTY_CARD_COLUMNS),
  ...keysMask(PROPERTY_LISTING_COLUMNS),
  ...keysMask(PROPERTY_OWNER_COLUMNS),
  status: true,
})
  .omit({ postcode: true })
  .extend({
    amenities: z.array(z.string()),
    /**
     * Set while StayLondon has removed the listing (it is then inactive): when, and the reason its owner is shown.
     * Only an admin can list it again.
     */
    removal: z.object({ at: z.string(), reason: z.string() }).nullable(),
    shortLets: ZShortLetCount,
    photos: ZManagedPhotos,
  });
export type TManagedProperty = z.infer<typeof ZManagedProperty>;

/** Params of /api/properties/{id}/…: the numeric id or the slug. */
export const ZManagedPropertyParams = ZPropertyRef;

export const ZPhotoParams = ZPropertyRef.extend({ photoId: ZUrlId("photoId") });
export const ZPricingRuleParams = ZPropertyRef.extend({ ruleId: ZUrlId("ruleId") });

/** POST /api/properties/{id}/status. Maintenance keeps the listing visible but closes it to bookings. */
export const ZPropertyStatusChange = z.strictObject({
  status: z.enum(PROPERTY_STATUSES, { error: `status must be one of ${PROPERTY_STATUSES.join(", ")}` }),
});

/** POST /api/properties/{id}/photos as JSON (device photos come as multipart `photos` files instead). */
export const ZAddPhotoByUrl = z.strictObject({ url: ZPhotoUrl });

/** PUT /api/properties/{id}/photos/order: every photo id of the property, once each, in the new order. */
export const ZPhotoOrder = z.strictObject({
  photoIds: z
    .array(ZBodyId("Each of photoIds"), { error: "photoIds must be a list of photo ids" })
    .min(1, "photoIds must list the photos")
    .max(100),
});

/** At most this many pricing rules per property (more is a 400 with TOO_MANY_PRICING_RULES). */
export const MAX_PRICING_RULES_PER_PROPERTY = 100;
export const TOO_MANY_PRICING_RULES = `A property can have at most ${MAX_PRICING_RULES_PER_PROPERTY} pricing rules.`;

/** A pricing rule as the landlord writes it: money in pounds, the modifier in percent, both to the penny/0.01%. */
const pricingRuleFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(80, "Name must be at most 80 characters"),
  startDate: ZDateInCalendar("Start date").nullable().optional(),
  endDate: ZDateInCalendar("End date").nullable().optional(),
  /** 0 = Sunday … 6 = Saturday; empty or missing: every day. */
  daysOfWeek: z
    .array(z.number().int().min(0, "Days are 0 (Sunday) to 6 (Saturday)").max(6, "Days are 0 (Sunday) to 6 (Saturday)"))
    .max(7)
    .refine((days) => new Set(days).size === days.length, "Each day may be listed once")
    .nullable()
    .optional(),
  minStayLength: z.number().int().min(1, "Minimum stay must be at least 1 night").max(365).nullable().optional(),
  maxStayLength: z.number().int().min(1, "Maximum stay must be at least 1 night").max(365).nullable().optional(),
  /** +15 raises the base nightly price by 15%; -10 lowers it by 10%. */
  priceModifier: z
    .number({ error: "Price change must be a number" })
    .min(-90, "A price change can lower the price by at most 90%")
    .max(500, "A price change can raise the price by at most 500%")
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
    .nullable()
    .optional(),
  /** A nightly price in pounds that replaces the base price. */
  fixedPrice: z
    .number({ error: "Fixed price must be a number" })
    .min(1, "Fixed price must be at least £1")
    .max(100_000, "Fixed price must be at most £100,000")
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
    .nullable()
    .optional(),
  isActive: z.boolean().default(true),
  /** The highest priority wins when rules overlap; on a tie, the older rule. */
  priority: z.number().int().min(0, "Priority must be 0 or more").max(100, "Priority must be at most 100").default(0),
};

/** POST /api/properties/{id}/pricing-rules and PUT …/{ruleId}: exactly one of priceModifier and fixedPrice. */
export const ZPricingRuleInput = z
  .strictObject(pricingRuleFields)
  .refine((r) => (r.priceModifier ?? null) !== null || (r.fixedPrice ?? null) !== null, {
    message: "Give either a price change in percent or a fixed nightly price",
    path: ["priceModifier"],
  })
  .refine((r) => (r.priceModifier ?? null) === null || (r.fixedPrice ?? null) === null, {
    message: "Give either a price change or a fixed price, not both",
    path: ["fixedPrice"],
  })
  .refine((r) => !r.startDate || !r.endDate || r.endDate >= r.startDate, {
    message: "End date must be on or after the start date",
    path: ["endDate"],
  })
  .refine((r) => !r.minStayLength || !r.maxStayLength || r.maxStayLength >= r.minStayLength, {
    message: "Maximum stay must be at least the minimum stay",
    path: ["maxStayLength"],
  });
export type TPricingRuleInput = z.infer<typeof ZPricingRuleInput>;

export const ZPricingRule = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  daysOfWeek: z.array(z.number().int()).nullable(),
  minStayLength: z.number().int().nullable(),
  maxStayLength: z.number().int().nullable(),
  priceModifier: z.number().nullable(),
  fixedPrice: z.number().nullable(),
  isActive: z.boolean(),
  priority: z.number().int(),
  createdAt: z.string(),
});
export type TPricingRule = z.infer<typeof ZPricingRule>;
export const ZPricingRules = z.array(ZPricingRule);

/** GET /api/properties/{id}/calendar?month=YYYY-MM. */
export const ZCalendarQuery = z.strictObject({
  month: z
    .string({ error: "month is required" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be written YYYY-MM")
    .refine((m) => m >= "2000-01" && m <= "2100-12", "month must be between 2000-01 and 2100-12"),
});

export const NIGHT_STATES = ["free", "blocked", "booked", "requested", "imported", "past"] as const;
export type NightState = (typeof NIGHT_STATES)[number];

export const ZCalendarNight = z.object({
  date: z.string(),
  /**
   * free: open to guests; blocked: closed by the landlord; booked: a confirmed or completed stay;
   * requested: a pending booking holds it; imported: booked on another site (an imported calendar); past: before
   * today (London) and not booked.
   */
  state: z.enum(NIGHT_STATES),
  /** The nightly price of a one-night stay that night, in pounds (stay-length rules apply to quotes only). */
  price: z.number(),
  /** The pricing rule that sets this night's price, if any. */
  ruleName: z.string().nullable(),
  /** The landlord's note on a blocked night. */
  note: z.string().nullable(),
  booking: z
    .object({
      id: z.number().int(),
      reference: z.string(),
      guestName: z.string(),
      status: z.enum(BOOKING_STATUSES),
      checkInDate: z.string(),
      checkOutDate: z.string(),
    })
    .nullable(),
  /** The imported calendar that has a stay this night, and that stay's title there. */
  imported: z.object({ feedName: z.string(), summary: z.string().nullable() }).nullable(),
  /** Booked here and on another site: a double booking to sort out. */
  conflict: z.boolean(),
});
export type TCalendarNight = z.infer<typeof ZCalendarNight>;

export const ZCalendarMonth = z.object({
  month: z.string(),
  basePrice: z.number(),
  nights: z.array(ZCalendarNight),
});
export type TCalendarMonth = z.infer<typeof ZCalendarMonth>;

/** Nights can be blocked or opened from today (London) up to this many days ahead. */
export const MAX_DAYS_AHEAD_TO_CHANGE_NIGHTS = 730;
export const NIGHTS_TOO_FAR_AHEAD = "Nights can be blocked up to 2 years ahead.";

/** The last night that can be blocked or opened: 730 days after today, and never past the calendar's end. */
export function lastChangeableNight(today: string = londonToday()): string {
  const limit = addDays(today, MAX_DAYS_AHEAD_TO_CHANGE_NIGHTS);
  return limit < CALENDAR_LAST_DATE ? limit : CALENDAR_LAST_DATE;
}

const nightRangeFields = { from: ZCalendarDate("from"), to: ZCalendarDate("to") };

/**
 * `to` after `from`, and not beyond lastChangeableNight() (a date so far ahead would otherwise write a
 * row per night for nights the calendar never shows). Dates compare as text once they are real dates.
 * Past nights are refused by the service (400 "Past nights cannot be changed").
 */
const withNightRangeRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((r) => r.to >= r.from, { message: "to must be on or after from", path: ["to"] })
    .refine((r) => !isCalendarDate(r.to) || r.to <= lastChangeableNight(), { message: NIGHTS_TOO_FAR_AHEAD });

/**
 * POST /api/properties/{id}/blocked-nights (block) and DELETE with ?from=&to= (unblock): the nights from
 * `from` to `to`, both included, at most 366, none past and none more than 730 days ahead. A night held
 * by a pending or confirmed booking cannot be blocked (409).
 */
export const ZNightRange = withNightRangeRules(
  z.strictObject({
    ...nightRangeFields,
    note: z.string().trim().max(200, "A note must be at most 200 characters").optional(),
  }),
);
export type TNightRange = z.infer<typeof ZNightRange>;
export const ZNightRangeQuery = withNightRangeRules(z.strictObject(nightRangeFields));

export const ZNightsChanged = z.object({ changed: z.number().int() });

export const ZDeleted = z.object({ deleted: z.literal(true) });
