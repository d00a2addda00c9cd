import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";
import { PET_REQUEST_STATUSES } from "../domain/tenant-rights";
import { ZUrlId } from "./ids";
import { ZPlainText } from "./plain-text";

/**
 * A tenancy's rights as both sides see them on the booking: the written statement of terms and whether the tenant
 * accepted it, Section 13 rent increases with their notices, and pet requests with their answers. Money is pence.
 */
export const ZRentIncrease = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  previousMonthlyRentPence: z.number().int(),
  monthlyRentPence: z.number().int(),
  /** The first day of the new rent. */
  startsOn: z.string(),
  /** The day the notice was served. */
  servedOn: z.string(),
  /** SHA-256 of the notice's PDF, as served. */
  noticeSha256: z.string(),
  noticeUrl: z.string(),
  createdAt: z.string(),
});
export type TRentIncrease = z.infer<typeof ZRentIncrease>;

export const ZPetRequest = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  description: ZPlainText("Pet description", 5, 1000),
  status: z.enum(PET_REQUEST_STATUSES),
  askedOn: z.string(),
  /** The last day for the landlord's answer. */
  answerDueOn: z.string(),
  /** Unanswered past its last day. */
  overdue: z.boolean(),
  refusalReason: z.string().nullable(),
  answeredAt: z.string().nullable(),
  propertyTitle: z.string(),
  tenantName: z.string(),
});
export type TPetRequest = z.infer<typeof ZPetRequest>;

export const ZStatementOfTerms = z.object({
  version: z.string(),
  /** SHA-256 of the PDF: of the accepted one once accepted, else of the one the tenant would accept now. */
  sha256: z.string(),
  /** Whether the tenancy needs it accepted before the landlord agrees it (the rule's date). */
  required: z.boolean(),
  acceptedAt: z.string().nullable(),
  pdfUrl: z.string(),
});
export type TStatementOfTerms = z.infer<typeof ZStatementOfTerms>;

export const ZTenancyRights = z.object({
  bookingId: z.number().int(),
  /** Who is asking: the tenant, the landlord, or an admin reading. */
  viewerPart: z.enum(["tenant", "landlord", "admin"]),
  status: z.string(),
  statement: ZStatementOfTerms,
  /** The rent now (the booked rent, or the last increase that has started). */
  currentMonthlyRentPence: z.number().int(),
  /** The earliest start a notice served today could give; null when the tenancy is not agreed. */
  earliestIncreaseOn: z.string().nullable(),
  rentIncreases: z.array(ZRentIncrease),
  petRequests: z.array(ZPetRequest),
});
export type TTenancyRights = z.infer<typeof ZTenancyRights>;

/** Pounds as typed, at most two decimal places. */
const ZRentPounds = z
  .string({ error: "Give the new monthly rent in pounds, such as 1850.00" })
  .trim()
  .regex(
    /^\d{1,7}(\.\d{1,2})?$/,
    "Give the new monthly rent in pounds with at most two decimal places, such as 1850.00",
  )
  .refine((pounds) => Number(pounds) > 0, "The new rent must be more than zero");

/** POST /api/bookings/{id}/rent-increases: the landlord's proposal (the form sends the same shape). */
export const ZProposeRentIncrease = z.strictObject({
  monthlyRent: ZRentPounds,
  startsOn: z
    .string({ error: "Give the date the new rent starts" })
    .min(1, "Give the date the new rent starts")
    .refine(isCalendarDate, "The start date must be a date written YYYY-MM-DD"),
});
export type TProposeRentIncrease = z.infer<typeof ZProposeRentIncrease>;

/** POST /api/bookings/{id}/pet-requests: the tenant's request. */
export const ZAskPetRequest = ZPetRequest.pick({ description: true }).strict();
export type TAskPetRequest = z.infer<typeof ZAskPetRequest>;

/** POST /api/pet-requests/{id}/answer: agree, or refuse with a reason (a refusal without one is refused). */
export const ZAnswerPetRequest = z
  .strictObject({
    decision: z.enum(["approve", "refuse"], { error: "Choose approve or refuse" }),
    reason: ZPlainText("Reason", 10, 1000).optional(),
  })
  .refine((body) => body.decision !== "refuse" || body.reason !== undefined, {
    message: "A refusal needs a reason the tenant can read (at least 10 characters)",
    path: ["reason"],
  });
export type TAnswerPetRequest = z.infer<typeof ZAnswerPetRequest>;

/** POST /api/bookings/{id}/statement-of-terms/accept: the statement the tenant read, by its hash. */
export const ZAcceptStatement = z.strictObject({
  sha256: z
    .string({ error: "Name the statement you accept by its sha256" })
    .regex(/^[0-9a-f]{64}$/, "sha256 must be 64 lowercase hexadecimal characters"),
});
export type TAcceptStatement = z.infer<typeof ZAcceptStatement>;

export const ZPetRequestParams = z.object({ id: ZUrlId("Pet request id") });
export const ZRentIncreaseParams = z.object({ id: ZUrlId("Rent increase id") });

/** The landlord's answer form: the reason as typed (blank when agreeing), sent as ZAnswerPetRequest. */
export const ZAnswerPetRequestForm = z
  .object({ decision: z.enum(["approve", "refuse"]), reason: z.string().trim().max(1000) })
  .refine((form) => form.decision !== "refuse" || form.reason.length >= 10, {
    message: "A refusal needs a reason the tenant can read (at least 10 characters)",
    path: ["reason"],
  });
export type TAnswerPetRequestForm = z.infer<typeof ZAnswerPetRequestForm>;
