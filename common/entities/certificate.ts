import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_RULES,
  type CertificateKind,
  EPC_CERTIFICATE_RATINGS,
  expiryIsAsIssued,
} from "../domain/compliance";

/**
 * A safety certificate or licence of a property, defined once: what is stored and answered about it, and what a
 * landlord sends with the document. The vault's, the listing's and the admin's shapes are picks of these fields.
 */

/** A document may be a PDF or a photo or scan of the paper, at most this size. */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_TOO_LARGE = "A certificate's document can be at most 10 MB";
export const CERTIFICATE_FILE_FIELD = "document";
/** The issuing borough council of a licence, as printed. */
export const MAX_ISSUER_LENGTH = 100;
/** The first date a certificate may carry: older ones have long expired. */
export const EARLIEST_CERTIFICATE_DATE = "2000-01-01";

const ZCertificateDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`)
    .refine((date) => date >= EARLIEST_CERTIFICATE_DATE, `${label} cannot be before ${EARLIEST_CERTIFICATE_DATE}`);

export const certificateRecordFields = {
  id: z.number().int(),
  propertyId: z.number().int(),
  kind: z.enum(CERTIFICATE_KINDS),
  /** The inspection date (a licence: the day it was granted). */
  issuedOn: z.string(),
  /** Computed by the server from the kind's validity; a licence's as printed. */
  expiresOn: z.string(),
  /** An EPC's band, A to G. */
  rating: z.enum(EPC_CERTIFICATE_RATINGS).nullable(),
  /** A licence's borough council. */
  issuedBy: z.string().nullable(),
  /** The landlord lets guests and tenants open the document from the listing. */
  sharedWithGuests: z.boolean(),
  documentName: z.string(),
  documentType: z.enum(["application/pdf", "image/webp"]),
  uploadedAt: z.string(),
};

export const ZCertificate = z.object(certificateRecordFields);
export type TCertificate = z.infer<typeof ZCertificate>;

/**
 * What a landlord sends beside the document (multipart text fields, so the flag is the text "true" or "false").
 * A licence's expiry and issuer, and an EPC's rating, are required for those kinds and refused for the others.
 */
export const ZCertificateInput = z
  .object({
    kind: z.enum(CERTIFICATE_KINDS, {
      error: `Certificate kind must be one of ${CERTIFICATE_KINDS.join(", ")}`,
    }),
    issuedOn: ZCertificateDate("Inspection or issue date"),
    expiresOn: ZCertificateDate("Expiry date").optional(),
    rating: z
      .enum(EPC_CERTIFICATE_RATINGS, { error: `EPC rating must be one of ${EPC_CERTIFICATE_RATINGS.join(", ")}` })
      .optional(),
    issuedBy: z
      .string()
      .trim()
      .max(MAX_ISSUER_LENGTH, `The issuing council must be at most ${MAX_ISSUER_LENGTH} characters`)
      .optional(),
    sharedWithGuests: z.enum(["true", "false"], { error: "sharedWithGuests must be true or false" }).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const kind: CertificateKind = input.kind;
    const label = CERTIFICATE_RULES[kind].label;
    if (expiryIsAsIssued(kind)) {
      if (!input.expiresOn)
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: `${label}: give its expiry date` });
      if (!input.issuedBy) {
        ctx.addIssue({
          code: "custom",
          path: ["issuedBy"],
          message: `${label}: give the borough council that issued it`,
        });
      }
      if (input.expiresOn && input.expiresOn <= input.issuedOn) {
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "The expiry date must be after the issue date" });
      }
    } else if (input.expiresOn) {
      ctx.addIssue({
        code: "custom",
        path: ["expiresOn"],
        message: `${label}: the expiry date follows from the inspection date and is not sent`,
      });
    }
    if (kind === "epc" && !input.rating) {
      ctx.addIssue({ code: "custom", path: ["rating"], message: "Give the EPC's energy rating (A to G)" });
    }
    if (kind !== "epc" && input.rating) {
      ctx.addIssue({ code: "custom", path: ["rating"], message: "Only an EPC carries an energy rating" });
    }
  });
export type TCertificateInput = z.infer<typeof ZCertificateInput>;

export const complianceFactsFields = {
  hasGasSupply: z.boolean({ error: "hasGasSupply must be true or false" }).nullable(),
  hmoLicenceApplies: z.boolean({ error: "hmoLicenceApplies must be true or false" }),
  selectiveLicenceApplies: z.boolean({ error: "selectiveLicenceApplies must be true or false" }),
};
export const ZComplianceFacts = z.object(complianceFactsFields).strict();
export type TComplianceFacts = z.infer<typeof ZComplianceFacts>;
