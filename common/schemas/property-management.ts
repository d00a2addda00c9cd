import { z } from "zod";
import { MAX_MANAGEMENT_FEE_PERCENT } from "../domain/management-fee";
import { BOOKING_STATUSES, PROPERTY_STATUSES } from "../domain/property-options";
import { bookingRecordFields, MANAGED_BOOKING_COLUMNS, ZBookingRecord } from "../entities/booking";
import { conversationListFields, messageBodyFor, ZMessageRecord } from "../entities/conversation";
import { keysMask } from "../entities/field-kinds";
import { propertyRecordFields } from "../entities/property";
import { ZUrlId } from "./ids";
import { ZPageQuery } from "./paging";

/**
 * Property management: who manages a property (assignments), what the manager sees of their properties and their
 * bookings, and the thread between a property's manager and its owner.
 */

// ---------------------------------------------------------------- assignments

/** PUT /api/properties/{id}/manager: the e-mail of an existing property-manager account. */
export const ZAssignManager = z.object({
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .toLowerCase()
    .max(254, "E-mail must be at most 254 characters")
    .email("Enter a valid e-mail address"),
  /** The manager's share of each stay's nights, in percent with at most two decimals; none when left out. */
  feePercent: z
    .number({ error: "The management fee must be a number" })
    .min(0, "The management fee cannot be negative")
    .max(MAX_MANAGEMENT_FEE_PERCENT, `The management fee can be at most ${MAX_MANAGEMENT_FEE_PERCENT}%`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, "Give the management fee to at most two decimals")
    .default(0),
});
export type TAssignManager = z.infer<typeof ZAssignManager>;
/** What the assign form holds before the schema fills in the defaults. */
export type TAssignManagerInput = z.input<typeof ZAssignManager>;

export const ZManagerAssignment = z.object({
  id: z.number().int(),
  manager: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  assignedBy: z.string().nullable(),
  /** The manager's share of each stay's nights agreed for this assignment, percent. */
  feePercent: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type TManagerAssignment = z.infer<typeof ZManagerAssignment>;

/** GET /api/properties/{id}/manager: the current manager, if any, and every earlier one, latest first. */
export const ZPropertyManagement = z.object({
  current: ZManagerAssignment.nullable(),
  history: z.array(ZManagerAssignment),
});
export type TPropertyManagement = z.infer<typeof ZPropertyManagement>;

// ---------------------------------------------------------------- the manager's views

/**
 * GET /api/properties/managed: one card of Managed Properties. Figures are this calendar month (London), computed
 * like the landlord's: occupancy counts nights blocked (by the owner or for work) as not available.
 */
export const ZManagedPropertySummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.string(),
  ownerName: z.string(),
  image: z.string().nullable(),
  /** The Active/Inactive badge. */
  isActive: z.boolean(),
  status: z.enum(PROPERTY_STATUSES),
  /** Booked nights over available nights this month, 0 to 100, one decimal. */
  occupancyRate: z.number(),
  /** Pounds from confirmed and completed stays checking in this month. */
  monthlyRevenue: z.number(),
  /** Pending, scheduled and in-progress jobs. */
  openMaintenance: z.number().int(),
  /** Confirmed stays not yet checked out. */
  activeBookings: z.number().int(),
  rating: z.string(),
  reviewCount: z.number().int(),
  /** The assignment: its thread with the owner is Contact Owner. */
  assignmentId: z.number().int(),
  assignedAt: z.string(),
  unreadMessages: z.number().int(),
});
export type TManagedPropertySummary = z.infer<typeof ZManagedPropertySummary>;
export const ZManagedPropertySummaries = z.array(ZManagedPropertySummary);

/** GET /api/bookings/managed-properties: a booking of a managed property (the manager's list uses checkIn/checkOut). */
export const ZManagedBooking = ZBookingRecord.pick(keysMask(MANAGED_BOOKING_COLUMNS)).extend({
  propertyTitle: propertyRecordFields.title,
  /** The name the booking was made in, else the account's. */
  guestName: z.string(),
  guests: bookingRecordFields.guestCount,
});
export type TManagedBooking = z.infer<typeof ZManagedBooking>;
export const ZManagedBookings = z.array(ZManagedBooking);

export const ZManagedBookingsQuery = ZPageQuery.extend({
  status: z.enum(BOOKING_STATUSES, { error: `Status must be one of ${BOOKING_STATUSES.join(", ")}` }).optional(),
  /** upcoming: checking out today or later; past: checked out before today. */
  when: z.enum(["upcoming", "past", "all"], { error: "When must be upcoming, past or all" }).default("upcoming"),
});

// ---------------------------------------------------------------- owner–manager conversations (common/entities/conversation.ts)

export const ZThreadParams = z.object({
  assignmentId: ZUrlId("Thread id"),
});

export const ZPostManagerMessage = messageBodyFor("owner_manager");
export type TPostManagerMessage = z.infer<typeof ZPostManagerMessage>;

/** The two sides know each other: authorName is the full name. */
export const ZManagerMessage = ZMessageRecord.pick({
  id: true,
  authorName: true,
  mine: true,
  body: true,
  createdAt: true,
});
export type TManagerMessage = z.infer<typeof ZManagerMessage>;

/** One thread in the viewer's list (GET /api/manager-threads). */
export const ZManagerThreadSummary = z.object({
  assignmentId: z.number().int(),
  propertyId: z.number().int(),
  propertyTitle: z.string(),
  /** The person on the other side: the owner for a manager, the manager for an owner. */
  otherParty: z.object({ name: z.string(), role: z.enum(["owner", "manager"]) }),
  /** False once the assignment has ended: the thread can be read, no longer written to. */
  isCurrent: z.boolean(),
  ...conversationListFields,
});
export type TManagerThreadSummary = z.infer<typeof ZManagerThreadSummary>;
export const ZManagerThreadSummaries = z.array(ZManagerThreadSummary);

/** GET /api/manager-threads/{assignmentId}: the messages, oldest first (reading it marks them read). */
export const ZManagerThread = ZManagerThreadSummary.omit({ lastMessage: true, unread: true }).extend({
  messages: z.array(ZManagerMessage),
});
export type TManagerThread = z.infer<typeof ZManagerThread>;
