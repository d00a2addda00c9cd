import { z } from "zod";
import { REQUIRED_VERIFICATION_CHECKS, VERIFICATION_CHECKS } from "../domain/listing-verification";
import { ZMoney } from "../entities/field-kinds";
import { ZUrlId } from "./ids";
import { ZManagedPhoto } from "./landlord-properties";
import { ZPageQuery, ZSearchText } from "./paging";
import { ZOptionalPlainText } from "./plain-text";

/**
 * Property Management (/admin/properties): every listing with its owner and bookings, removing, restoring and
 * verifying listings, the CSV export and one listing's figures.
 */

/**
 * A listing's status as admins see it, from its real state:
 * - `active`: listed and bookable;
 * - `pending`: listed but not taking bookings yet (under maintenance, or available only from a later date);
 * - `inactive`: not listed (deactivated by its owner, or removed by an admin).
 */
export const ADMIN_PROPERTY_STATUSES = ["active", "pending", "inactive"] as const;
export type AdminPropertyStatus = (typeof ADMIN_PROPERTY_STATUSES)[number];

/** Why a listing has its status: the card says which. */
export const ADMIN_PROPERTY_STATUS_DETAILS = [
  "bookable",
  "under_maintenance",
  "available_later",
  "deactivated_by_owner",
  "removed",
] as const;
export type AdminPropertyStatusDetail = (typeof ADMIN_PROPERTY_STATUS_DETAILS)[number];

/** The status each reason gives. */
export const STATUS_OF_DETAIL: Record<AdminPropertyStatusDetail, AdminPropertyStatus> = {
  bookable: "active",
  under_maintenance: "pending",
  available_later: "pending",
  deactivated_by_owner: "inactive",
  removed: "inactive",
};

const listFilters = {
  /** Part of the title, the place (borough, town or region) or the owner's name or e-mail, any letter case. */
  q: ZSearchText,
  /** Absent: every status. */
  status: z
    .enum(ADMIN_PROPERTY_STATUSES, { error: `status must be one of ${ADMIN_PROPERTY_STATUSES.join(", ")}` })
    .optional(),
};

/** GET /api/admin/properties: unknown parameters are refused, so a typo never silently shows everything. */
export const ZAdminPropertyListQuery = ZPageQuery.extend(listFilters).strict();
export type TAdminPropertyListQuery = z.infer<typeof ZAdminPropertyListQuery>;

/** GET /api/admin/properties/export.csv: the same search and filter, every matching row (up to the cap). */
export const ZAdminPropertyExportQuery = ZAdminPropertyListQuery.pick({ q: true, status: true }).strict();
export type TAdminPropertyExportQuery = z.infer<typeof ZAdminPropertyExportQuery>;

/** The export stops at this many rows, newest first; the answer's X-Total-Count says how many matched. */
export const MAX_EXPORT_ROWS = 50_000;

/** /api/admin/properties/{id}/…: a listing's numeric id. */
export const ZAdminPropertyParams = z.object({
  id: ZUrlId("Property id"),
});

/** One listing of Property Management. */
export const ZAdminProperty = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.string(),
  region: z.string(),
  /** Photos, the cover (the main photo) first; an uploaded photo also has its smaller sizes. */
  images: z.array(ZManagedPhoto.pick({ url: true, srcSet: true })),
  /** Pounds per month. */
  price: ZMoney,
  pricePerNight: ZMoney,
  status: z.enum(ADMIN_PROPERTY_STATUSES),
  statusDetail: z.enum(ADMIN_PROPERTY_STATUS_DETAILS),
  /** YYYY-MM-DD; a later date than today (London) makes a listed property `pending`. */
  availableFrom: z.string().nullable(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  /** Bookings of the listing that are not cancelled: pending requests, confirmed and completed stays. */
  bookings: z.number().int().nonnegative(),
  /** ISO instant the listing was created. */
  createdAt: z.string(),
  /** Set while an admin's removal stands. */
  removal: z
    .object({
      /** ISO instant. */
      at: z.string(),
      /** The admin who removed it; null if that account no longer exists. */
      by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      reason: z.string(),
    })
    .nullable(),
  /** Set while an administrator's verification stands: what the public Verified label rests on. */
  verification: z
    .object({
      /** ISO instant. */
      at: z.string(),
      /** The admin who verified it; null if that account no longer exists. */
      by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      checks: z.array(z.enum(VERIFICATION_CHECKS)),
    })
    .nullable(),
});
export type TAdminProperty = z.infer<typeof ZAdminProperty>;

/** POST /api/admin/properties/{id}/verify: what was checked (the visit and the photos at least) and a note. */
export const ZVerifyProperty = z.strictObject({
  checks: z
    .array(z.enum(VERIFICATION_CHECKS, { error: `Each check must be one of ${VERIFICATION_CHECKS.join(", ")}` }), {
      error: "checks must be a list",
    })
    .max(VERIFICATION_CHECKS.length)
    .refine((checks) => new Set(checks).size === checks.length, "Each check only once")
    .refine(
      (checks) => REQUIRED_VERIFICATION_CHECKS.every((required) => checks.includes(required)),
      "A listing is verified only once it has been visited and its photos match the home",
    ),
  note: ZOptionalPlainText("Note", 1000),
});
export type TVerifyProperty = z.infer<typeof ZVerifyProperty>;

/** POST /api/admin/properties/{id}/remove: the listing as it is now, and the requests declined with it. */
export const ZAdminPropertyRemoval = z.object({
  property: ZAdminProperty,
  /** Pending requests of the listing that were declined in the same step (their guests are told). */
  declinedRequests: z.number().int().nonnegative(),
});
export type TAdminPropertyRemoval = z.infer<typeof ZAdminPropertyRemoval>;

const ZWeekOccupancy = z.object({
  /** The Monday starting the week, YYYY-MM-DD. */
  week: z.string(),
  /** Percent, one decimal. */
  rate: z.number(),
  booked: z.number().int(),
  nights: z.number().int(),
});

/**
 * GET /api/admin/properties/{id}/analytics: one listing's figures by the landlord's rules (docs/analytics.md):
 * revenue from confirmed and completed stays by check-in month, occupancy as booked over open nights.
 */
export const ZAdminPropertyAnalytics = z.object({
  property: ZAdminProperty.pick({ id: true, title: true, status: true, statusDetail: true }),
  /** This calendar month in London, YYYY-MM. */
  month: z.string(),
  revenue: z.object({
    /** All time, pounds. */
    total: z.number(),
    thisMonth: z.number(),
    lastMonth: z.number(),
    /** Percent change from last month, one decimal; null when last month earned nothing. */
    growth: z.number().nullable(),
    /** Confirmed and completed stays, all time. */
    stays: z.number().int(),
  }),
  /** Null for a listing that is not listed: its nights are open to nobody, so there is no occupancy. */
  occupancy: z
    .object({
      /** This calendar month, percent with one decimal. */
      monthlyRate: z.number(),
      monthBookedNights: z.number().int(),
      monthOpenNights: z.number().int(),
      /** The 8 Monday-to-Sunday weeks ending with this one, oldest first. */
      weeks: z.array(ZWeekOccupancy).length(8),
    })
    .nullable(),
});
export type TAdminPropertyAnalytics = z.infer<typeof ZAdminPropertyAnalytics>;
/** The figures the landlord analytics rules give for one listing. */
export type TListingFigures = Omit<TAdminPropertyAnalytics, "property">;
