import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";
import { VERIFICATION_CHECKS } from "../domain/listing-verification";
import { PROPERTY_REF_MAX_LENGTH, PROPERTY_REF_PATTERN } from "../domain/property-ref";
import { MAX_STAY_MONTHS, type StayDatesProblem, stayDatesProblem } from "../domain/stay-dates";
import { keysMask, ZMoney } from "../entities/field-kinds";
import { partyInputFields, partyProblem } from "../entities/party";
import { PROPERTY_CARD_COLUMNS, PROPERTY_LISTING_COLUMNS, ZPropertyRecord } from "../entities/property";
import { ZBoundingBox } from "./bounding-box";
import { flexibleDateFields, flexibleDatesIssue, ZStayWindow } from "./flexible-dates";

export const PROPERTY_SORTS = ["recommended", "price_asc", "price_desc", "newest"] as const;

/** Query of GET /api/properties. Unknown parameters are refused so that typos do not silently match everything. */
export const ZPropertySearchFields = z
  .object({
    /** Case-insensitive part of the borough, town or region ("camden", "London"). */
    city: z.string().trim().max(100, "city must be at most 100 characters").optional(),
    /** Highest nightly price in pounds. */
    maxPrice: z.coerce
      .number({ error: "maxPrice must be a number" })
      .min(0, "maxPrice must be 0 or more")
      .max(1_000_000, "maxPrice must be at most 1000000")
      .optional(),
    /** Words matched against title and description. */
    q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
    sort: z.enum(PROPERTY_SORTS, { error: `sort must be one of ${PROPERTY_SORTS.join(", ")}` }).default("recommended"),
    page: z.coerce
      .number({ error: "page must be a number" })
      .int("page must be a whole number")
      .min(1, "page must be 1 or more")
      .max(10_000, "page must be at most 10000")
      .default(1),
    pageSize: z.coerce
      .number({ error: "pageSize must be a number" })
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be 1 or more")
      .max(100, "pageSize must be at most 100")
      .default(24),
    /** With checkOut: only listings free for every night of [checkIn, checkOut). */
    checkIn: z.string().refine(isCalendarDate, "checkIn must be a date written YYYY-MM-DD").optional(),
    checkOut: z.string().refine(isCalendarDate, "checkOut must be a date written YYYY-MM-DD").optional(),
    /** Only listings that sleep at least this many. */
    guests: z.coerce
      .number({ error: "guests must be a number" })
      .int("guests must be a whole number")
      .min(1, "At least 1 guest is required")
      .max(100, "guests must be at most 100")
      .optional(),
    /** Who comes: only listings that sleep the adults and children, allow the pets and suit the children. */
    ...partyInputFields(true),
    /** true: only listings an administrator has verified. */
    verified: z
      .enum(["true", "false"], { error: "verified must be true or false" })
      .transform((value) => value === "true")
      .optional(),
    ...flexibleDateFields,
    /** west,south,east,north: only listings on the map's visible area. */
    bbox: ZBoundingBox.optional(),
  })
  .strict();
export const ZPropertySearchQuery = ZPropertySearchFields.superRefine(refineSearch);

/**
 * A search's dates must make a stay (both or neither, in order, not past, not too long), flexible dates must be a
 * span the server can search, and who comes must add up. The list and the map's pins share these rules.
 */
export function refineSearch(
  query:
    | z.infer<typeof ZPropertySearchFields>
    | Omit<z.infer<typeof ZPropertySearchFields>, "page" | "pageSize" | "sort">,
  ctx: z.RefinementCtx,
): void {
  const problem = stayDatesProblem(query.checkIn, query.checkOut);
  if (problem) ctx.addIssue({ code: "custom", message: stayDatesApiMessage(problem), path: [problem.path] });
  const flexible = flexibleDatesIssue(query);
  if (flexible) ctx.addIssue({ code: "custom", message: flexible.message, path: [flexible.path] });
  const party = partyProblem(query);
  if (party) ctx.addIssue({ code: "custom", message: party.message, path: [party.path] });
}
export type TPropertySearchQuery = z.infer<typeof ZPropertySearchQuery>;

function stayDatesApiMessage(problem: StayDatesProblem): string {
  switch (problem.kind) {
    case "missing":
      return problem.path === "checkIn" ? "checkIn is required with checkOut" : "checkOut is required with checkIn";
    case "order":
      return "checkOut must be after checkIn";
    case "past":
      return "checkIn cannot be in the past";
    case "too-long":
      return `checkOut: a stay can be at most ${MAX_STAY_MONTHS} months`;
  }
}

/**
 * The nightly price with the guest's service fee (and any local levy) in it: the first price a guest is shown
 * (common/domain/pricing.ts, allInNightlyPence). pricePerNight stays the host's price before fees.
 */
export const allInPriceFields = { allInPricePerNight: ZMoney };

/** A listing as cards and lists show it. */
export const ZPropertySummary = ZPropertyRecord.pick({ ...keysMask(PROPERTY_CARD_COLUMNS), status: true }).extend({
  ...allInPriceFields,
  /** Photo URLs in display order, the main photo first (at most 5 in lists). */
  images: z.array(z.string()),
  /** An administrator's verification of the listing stands: the only ground for the Verified label. */
  verified: z.boolean(),
  /** In a flexible-date search only: the listing's first free stay of the kind asked. */
  window: ZStayWindow.optional(),
});
export type TPropertySummary = z.infer<typeof ZPropertySummary>;

/** GET /api/properties answers an array; the total is in the X-Total-Count header. */
export const ZPropertySearchResponse = z.array(ZPropertySummary);

export const ZPropertyAmenity = z.object({
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  isHighlighted: z.boolean(),
});

export const ZPropertyPhoto = z.object({
  url: z.string(),
  caption: z.string().nullable(),
  roomType: z.string().nullable(),
  isMain: z.boolean(),
});

/** GET /api/properties/{id or slug}. */
export const ZPropertyDetail = ZPropertySummary.extend(
  ZPropertyRecord.pick(keysMask(PROPERTY_LISTING_COLUMNS)).shape,
).extend({
  /**
   * A higher nightly price the listing really charged lately (common/domain/pricing.ts, REFERENCE_PRICE_*), from its
   * price history; null when there is none. The only price that may be shown struck through.
   */
  originalPricePerNight: ZMoney.nullable(),
  /** The local levy inside allInPricePerNight, in percent of the nightly price (0 where none is in force tonight). */
  levyPercent: z.number(),
  /** What was checked, and when, for the Verified label; null unless a verification stands. */
  verification: z.object({ checks: z.array(z.enum(VERIFICATION_CHECKS)), verifiedAt: z.string() }).nullable(),
  /** Amenity names, for simple lists. */
  amenities: z.array(z.string()),
  amenityDetails: z.array(ZPropertyAmenity),
  photos: z.array(ZPropertyPhoto),
  host: z.object({ id: z.number().int(), firstName: z.string().nullable() }),
});
export type TPropertyDetail = z.infer<typeof ZPropertyDetail>;

/** A path segment that can name a property: its numeric id or its slug. */
export const ZPropertyRef = z.object({
  id: z
    .string()
    .max(PROPERTY_REF_MAX_LENGTH, "Property id is too long")
    .regex(PROPERTY_REF_PATTERN, "Property id must be a number or a slug such as camden-modern-studio"),
});
