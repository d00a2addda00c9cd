import { z } from "zod";
import { CERTIFICATE_KINDS } from "../domain/compliance";
import { ZCertificate, ZComplianceFacts } from "../entities/certificate";
import { ZUrlId } from "./ids";
import { ZPropertyRef } from "./properties";

/** Contracts of the certificate vault, the listing's certificate section and the admins' list of lapsed ones. */

const ZCertificateState = z.enum(["valid", "expiring", "lapsed", "missing"]);

/** One kind of certificate as the vault shows it: whether the let needs it, and the newest one uploaded. */
export const ZCertificateRequirement = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  label: z.string(),
  required: z.boolean(),
  state: ZCertificateState,
  current: ZCertificate.nullable(),
  whatToUpload: z.string(),
});

export const ZCertificateVault = z.object({
  propertyId: z.number().int(),
  title: z.string(),
  facts: ZComplianceFacts,
  requirements: z.array(ZCertificateRequirement),
  /** Every certificate uploaded, newest first. */
  history: z.array(ZCertificate),
  /** Why new bookings are paused now, or null. */
  bookingsPaused: z.string().nullable(),
});
export type TCertificateVault = z.infer<typeof ZCertificateVault>;

export const ZCertificateParams = ZPropertyRef.extend({ certificateId: ZUrlId("Certificate id") });

/** What guests and tenants see on the listing: each required certificate's state and dates, not the document. */
export const ZListingCertificate = ZCertificate.pick({ kind: true, issuedOn: true, expiresOn: true, rating: true })
  .partial({ issuedOn: true, expiresOn: true, rating: true })
  .extend({
    label: z.string(),
    state: ZCertificateState,
    /** Only when the landlord chose to share it. */
    documentUrl: z.string().nullable(),
  });
export const ZListingCertificates = z.object({
  certificates: z.array(ZListingCertificate),
  bookingsPaused: z.string().nullable(),
});
export type TListingCertificates = z.infer<typeof ZListingCertificates>;

/** One lapsed required certificate for the admins' list. */
export const ZLapsedCertificate = ZCertificate.pick({ kind: true, expiresOn: true }).extend({
  propertyId: z.number().int(),
  propertyTitle: z.string(),
  ownerEmail: z.string(),
  label: z.string(),
});
export const ZLapsedCertificates = z.array(ZLapsedCertificate);
export type TLapsedCertificate = z.infer<typeof ZLapsedCertificate>;
