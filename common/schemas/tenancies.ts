import { z } from "zod";
import { bookingInputFields, withStayDateRules } from "../entities/booking";
import { pounds } from "../entities/field-kinds";
import { MAX_PRICE_PER_MONTH } from "../entities/property";
import { tenancyRecordFields, ZNoticeEndsOn, ZTenancyRecord } from "../entities/tenancy";

/** GET /api/bookings/{id}/tenancy: the tenancy as its tenant and its landlord see it. */
export const ZTenancy = ZTenancyRecord;
export type TTenancy = z.infer<typeof ZTenancy>;

/** POST /api/bookings/{id}/tenancy/notice: the tenant ends the tenancy on this day (its last day). */
export const ZGiveNoticeRequest = z.strictObject({ endsOn: ZNoticeEndsOn });
export type TGiveNoticeRequest = z.infer<typeof ZGiveNoticeRequest>;

/** POST /api/bookings/{id}/tenancy/card: what the browser needs to save the card with Stripe (Stripe.js's key too). */
export const ZTenancyCardSetup = z.object({
  bookingId: tenancyRecordFields.bookingId,
  setupIntentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
});
export type TTenancyCardSetup = z.infer<typeof ZTenancyCardSetup>;

/**
 * POST /api/bookings as the server reads it: the wizard's request, plus a tenancy's terms the guest may propose: the
 * monthly rent they offer, in pounds (at most the advertised rent from 1 May 2026, when rental bidding is banned), and
 * how many months' rent they would pay before moving in (at most one from that day). Kept out of the wizard's bundle.
 * The offer is to the penny like the advertised rent: a fraction of a penny would be rounded, and could slip an offer
 * half a penny above the advertised rent past the bidding ban.
 */
export const ZCreateBookingWithTenancyTerms = withStayDateRules(
  z.strictObject({
    ...bookingInputFields,
    offeredMonthlyRent: pounds(
      MAX_PRICE_PER_MONTH,
      "The offered monthly rent must be a number of pounds, at least £1",
      "The offered monthly rent must be at most £1,000,000",
    ).optional(),
    rentInAdvanceMonths: z.number().int().min(0).max(24).optional(),
  }),
);
export type TCreateBookingWithTenancyTerms = z.infer<typeof ZCreateBookingWithTenancyTerms>;
