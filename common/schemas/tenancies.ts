import { z } from "zod";
import { tenancyRecordFields, ZNoticeEndsOn, ZTenancyRecord } from "../entities/tenancy";

/** GET /api/bookings/{id}/tenancy: the tenancy as its tenant and its landlord see it. */
export const ZTenancy = ZTenancyRecord;
export type TTenancy = z.infer<typeof ZTenancy>;

/** POST /api/bookings/{id}/tenancy/notice: the tenant ends the tenancy on this day (its last day). */
export const ZGiveNoticeRequest = z.strictObject({ endsOn: ZNoticeEndsOn });
export type TGiveNoticeRequest = z.infer<typeof ZGiveNoticeRequest>;

/** POST /api/bookings/{id}/tenancy/card: what the browser needs to save the card with Stripe. */
export const ZTenancyCardSetup = z.object({
  bookingId: tenancyRecordFields.bookingId,
  setupIntentId: z.string(),
  clientSecret: z.string(),
});
export type TTenancyCardSetup = z.infer<typeof ZTenancyCardSetup>;
