import { z } from "zod";
import { isCalendarDate, nightsBetween } from "../domain/calendar-dates";
import { CANCELLATION_POLICIES } from "../domain/cancellation-policy";
import { MAX_MAIN_HOME_ADDRESS_LENGTH, MAX_PURPOSE_OTHER_LENGTH, STAY_PURPOSES } from "../domain/mid-lets";
import { BOOKING_STATUSES } from "../domain/property-options";
import { MID_LET_MIN_NIGHTS, STAY_MODES } from "../domain/stay-modes";
import { ZEmail } from "../schemas/auth";
import { ZBodyId } from "../schemas/ids";
import { PARTY_KINDS, partyInputFields, partyRecordFields } from "./party";

/**
 * A booking (a stay) defined once: what each field is, how a guest asks for one, and how it reads in an answer.
 * The guest's, landlord's, manager's and admin's booking shapes elsewhere are picks of these fields, so a booking
 * reads the same wherever it is shown.
 */

// ---------------------------------------------------------------------------------------------------------------
// Limits a guest meets in the booking wizard.

/** How far ahead a stay may start (in days from today in London): calendars and prices are not kept further out. */
export const BOOKING_WINDOW_DAYS = 730;
export const BEYOND_BOOKING_WINDOW = "Bookings open up to 2 years ahead.";

/** The most guests one booking may bring, whatever the listing's own capacity. */
export const MAX_GUESTS_PER_BOOKING = 100;
/** The guest's first and last name as typed in the wizard. */
export const MAX_GUEST_NAME_LENGTH = 100;
/** Room for an international number with spaces. */
export const MAX_GUEST_PHONE_LENGTH = 32;
/** Why a booking is cancelled, accepted or declined: a short note the other side reads. */
export const MAX_CHANGE_REASON_LENGTH = 500;

export const TENANCY_TOO_SHORT = `A tenancy needs a stay of at least ${MID_LET_MIN_NIGHTS} nights`;
export const CHECK_OUT_BEFORE_CHECK_IN = "checkOut must be after checkIn";
export const CHECK_OUT_REQUIRED = "checkOut is required";

/** A stay's date as the wizard sends it; the label is the field's name, as the messages have always said. */
export const ZStayDate = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`);

/** How many guests: a quote reads it from the query string (`coerce`), a booking from its body. */
export const guestCountInput = (label: string, coerce = false) =>
  (coerce ? z.coerce.number({ error: `${label} must be a number` }) : z.number({ error: `${label} must be a number` }))
    .int(`${label} must be a whole number`)
    .min(1, "At least 1 guest is required")
    .max(MAX_GUESTS_PER_BOOKING, `${label} must be at most ${MAX_GUESTS_PER_BOOKING}`);

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_GUEST_NAME_LENGTH, `${label} must be at most ${MAX_GUEST_NAME_LENGTH} characters`);

/** What every ask for a stay (a quote, a booking) says about its dates. */
type StayAsk = { checkIn: string; checkOut?: string | undefined; asTenancy?: boolean | undefined };

/** A guest may ask for a stay of 28 nights or more to be a tenancy; a shorter one cannot be. */
export const tenancyLongEnough = (stay: StayAsk) =>
  !stay.asTenancy ||
  !isCalendarDate(stay.checkIn) ||
  stay.checkOut === undefined ||
  !isCalendarDate(stay.checkOut) ||
  nightsBetween(stay.checkIn, stay.checkOut) >= MID_LET_MIN_NIGHTS;

/**
 * The date rules every ask for a stay shares. A stay ends on its check-out, except a tenancy asked for with a move-in
 * date alone: a periodic tenancy has no end until notice, so the server decides how far ahead it holds the calendar
 * (and refuses the ask where the listing's tenancies are not periodic).
 */
export function withStayDateRules<T extends z.ZodType<StayAsk>>(schema: T): T {
  return schema
    .refine((s) => s.checkOut !== undefined || s.asTenancy === true, {
      message: CHECK_OUT_REQUIRED,
      path: ["checkOut"],
    })
    .refine((s) => s.checkOut === undefined || s.checkOut > s.checkIn, {
      message: CHECK_OUT_BEFORE_CHECK_IN,
      path: ["checkOut"],
    })
    .refine(tenancyLongEnough, { message: TENANCY_TOO_SHORT, path: ["asTenancy"] });
}

/**
 * What a guest booking a mid let declares: why they stay (a short text when "other") and the home they live in, and
 * whether this stay would be their main home instead (then it is a tenancy, and refused as a mid let).
 */
export const ZMidLetDeclaration = z
  .strictObject({
    purpose: z.enum(STAY_PURPOSES, { error: "Choose the purpose of your stay: holiday, work, study or other" }),
    purposeOther: z
      .string({ error: "Describe the purpose in a few words" })
      .trim()
      .max(MAX_PURPOSE_OTHER_LENGTH, `Describe the purpose in at most ${MAX_PURPOSE_OTHER_LENGTH} characters`)
      .optional(),
    mainHomeAddress: z
      .string({ error: "Enter the address of your main home" })
      .trim()
      .min(10, "Enter the full address of your main home, with its postcode")
      .max(MAX_MAIN_HOME_ADDRESS_LENGTH, `The address must be at most ${MAX_MAIN_HOME_ADDRESS_LENGTH} characters`),
    /** The guest will live here as their only or main home. */
    isMainHome: z.boolean({ error: "isMainHome must be true or false" }),
  })
  .refine((d) => d.purpose !== "other" || (d.purposeOther ?? "").length >= 3, {
    message: "Describe the purpose in a few words",
    path: ["purposeOther"],
  });
export type TMidLetDeclaration = z.infer<typeof ZMidLetDeclaration>;

// ---------------------------------------------------------------------------------------------------------------
// What a guest sends to book: the stay, who comes, and who will stay (may differ from the account holder).

export const bookingInputFields = {
  propertyId: ZBodyId("propertyId"),
  checkIn: ZStayDate("checkIn"),
  /** Left out only by a tenancy asked for with its move-in date alone (withStayDateRules). */
  checkOut: ZStayDate("checkOut").optional(),
  /** The old single count: adults, when the party's own fields are absent; else adults plus children. */
  guestCount: guestCountInput("guestCount").optional(),
  ...partyInputFields(),
  guestInfo: z.strictObject({
    firstName: personName("First name"),
    lastName: personName("Last name"),
    email: ZEmail,
    phone: z
      .string()
      .trim()
      .max(MAX_GUEST_PHONE_LENGTH, `Phone must be at most ${MAX_GUEST_PHONE_LENGTH} characters`)
      .optional(),
  }),
  /**
   * The guest asks for this stay to be a tenancy (where the listing offers them): one of 28 nights or more, or, with no
   * check-out, a periodic tenancy from check-in (its move-in day).
   */
  asTenancy: z.boolean({ error: "asTenancy must be true or false" }).optional(),
  /** Required when the stay is a mid let; ignored otherwise. */
  midLet: ZMidLetDeclaration.optional(),
};

/** Cancelling, accepting or declining: an optional note for the other side. */
export const ZBookingChangeReason = z
  .string()
  .trim()
  .max(MAX_CHANGE_REASON_LENGTH, `The reason must be at most ${MAX_CHANGE_REASON_LENGTH} characters`)
  .optional();

// ---------------------------------------------------------------------------------------------------------------
// How a booking reads in an answer.

/** Who may end a booking: its guest, the landlord, an admin, or the system when an unpaid hold lapses. */
export const ZBookingActor = z.enum(["guest", "landlord", "admin", "system"]);

/** The booking reference guests quote: SL-000042. */
export function bookingReference(id: number): string {
  return `SL-${String(id).padStart(6, "0")}`;
}

/** Every field of a booking as answers give it, grouped as a guest or landlord thinks of a stay. */
export const bookingRecordFields = {
  // identity and reference
  id: z.number().int(),
  /** What guests quote to support, from the id (bookingReference). */
  reference: z.string(),
  propertyId: z.number().int(),
  guestId: z.number().int(),
  // stay dates and mode
  checkIn: z.string(),
  checkOut: z.string(),
  /**
   * The nights the stay counts for: check-in to check-out, but a periodic tenancy's (whose check-out is a calendar
   * hold) only up to its last day once notice is given, else to the end of the rent period due.
   */
  nights: z.number().int(),
  /** The mode the stay was booked in; null for bookings made before stay modes. */
  stayMode: z.enum(STAY_MODES).nullable(),
  /** The policy this booking was made under (kept on the booking), not the listing's current one. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  // guests: the count against capacity (adults and children), and who they are
  guestCount: z.number().int(),
  ...partyRecordFields,
  // money
  /** Decimal string ("990.00"), as every booking answer has it. */
  totalPrice: z.string(),
  /** The guest fee inside the total; never charged on a tenancy. */
  serviceFee: z.string().nullable(),
  // status and times
  status: z.enum(BOOKING_STATUSES),
  /** ISO instant at which an unconfirmed booking releases its nights. */
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  // the guest's contact details: who will stay, as given in the wizard (null on bookings made without them)
  guestInfo: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** What the guest declared when booking a mid let; null for other stays. */
  midLet: z
    .object({ purpose: z.enum(STAY_PURPOSES), purposeOther: z.string().nullable(), mainHomeAddress: z.string() })
    .nullable(),
  // cancellation: set once cancelled
  cancellation: z
    .object({
      cancelledAt: z.string(),
      cancelledBy: ZBookingActor,
      reason: z.string().nullable(),
      /** Pounds returned to the guest, as a decimal string. */
      refundAmount: z.string(),
    })
    .nullable(),
};
export const ZBookingRecord = z.object(bookingRecordFields);
type BookingField = keyof typeof bookingRecordFields;

/** What the booking itself answers with once made (POST /api/bookings), and the start of the guest's view. */
export const BOOKING_COLUMNS = [
  "id",
  "propertyId",
  "guestId",
  "checkIn",
  "checkOut",
  "nights",
  "guestCount",
  ...PARTY_KINDS,
  "totalPrice",
  "serviceFee",
  "status",
  "stayMode",
  "holdExpiresAt",
  "guestInfo",
  "createdAt",
] as const satisfies readonly BookingField[];

/** What the landlord's list of bookings shows of each booking, beside its listing and guest. */
export const LANDLORD_BOOKING_COLUMNS = [
  "id",
  "reference",
  "propertyId",
  "guestId",
  "nights",
  "totalPrice",
  "serviceFee",
  "status",
  "holdExpiresAt",
  "createdAt",
  "stayMode",
  "midLet",
  ...PARTY_KINDS,
] as const satisfies readonly BookingField[];

/** What Booking Oversight shows of each booking, beside its listing and guest. */
export const ADMIN_BOOKING_COLUMNS = [
  "id",
  "reference",
  "propertyId",
  "guestId",
  "checkIn",
  "checkOut",
  "nights",
  "totalPrice",
  "status",
  "createdAt",
] as const satisfies readonly BookingField[];

/** What a property manager's list shows of each booking of a managed property: no guest ids, no contact details. */
export const MANAGED_BOOKING_COLUMNS = [
  "id",
  "reference",
  "propertyId",
  "checkIn",
  "checkOut",
  "nights",
  "status",
  "totalPrice",
] as const satisfies readonly BookingField[];

/**
 * Answer fields worked out from others rather than stored: the reference from the id, the nights from the dates, the
 * mid let's declaration from its three columns.
 */
export const BOOKING_DERIVED_FIELDS = ["reference", "nights", "midLet"] as const;
type DerivedField = (typeof BOOKING_DERIVED_FIELDS)[number];

/** The stored columns behind an answer's key list: the list less the fields worked out from others. */
export function storedBookingColumns<K extends BookingField>(keys: readonly K[]): Exclude<K, DerivedField>[] {
  const derived: readonly string[] = BOOKING_DERIVED_FIELDS;
  return keys.filter((key): key is Exclude<K, DerivedField> => !derived.includes(key));
}
