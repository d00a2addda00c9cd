import { z } from "zod";
import { isCalendarDate, londonToday } from "../domain/calendar-dates";
import {
  checkCompanyNumber,
  checkNationalInsuranceNumber,
  checkUtr,
  type IdentifierCheck,
  TAX_DETAILS_KINDS,
  type TaxDetailsKind,
} from "../domain/tax-identifiers";
import { optionalText, requiredText } from "./field-kinds";

/**
 * A seller's tax details defined once: what landlords, property managers and contractors paid through the platform
 * tell us so we can report their earnings to HMRC each year (the Reporting Rules for Digital Platforms), how they
 * send them, and how they read back. A seller is either a person or a business; a person gives a National Insurance
 * number or a UTR, a business a company number or a UTR. Identifiers never read back in full: only masked.
 */

export { TAX_DETAILS_KINDS, type TaxDetailsKind };

/** The identifiers, which are kept encrypted, masked in answers and redacted from logs. */
export const TAX_IDENTIFIER_FIELDS = ["nationalInsuranceNumber", "utr", "companyNumber"] as const;
export type TaxIdentifierField = (typeof TAX_IDENTIFIER_FIELDS)[number];

export const TAX_IDENTIFIER_LABELS: Record<TaxIdentifierField, string> = {
  nationalInsuranceNumber: "National Insurance number",
  utr: "Unique Taxpayer Reference (UTR)",
  companyNumber: "Company number",
};

/** Which identifiers each kind of seller may give; at least one of them is needed. */
export const IDENTIFIERS_OF_KIND: Record<TaxDetailsKind, readonly TaxIdentifierField[]> = {
  individual: ["nationalInsuranceNumber", "utr"],
  business: ["companyNumber", "utr"],
};

export const IDENTIFIER_REQUIRED_MESSAGE: Record<TaxDetailsKind, string> = {
  individual: "Please give your National Insurance number or your Unique Taxpayer Reference (UTR), or both.",
  business: "Please give the company number or the business's Unique Taxpayer Reference (UTR), or both.",
};

export const LEGAL_NAME_MAX_LENGTH = 200;
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
/** Room for any country's postal code; UK ones are checked properly. */
export const POSTCODE_MAX_LENGTH = 16;
/** HMRC reports a seller who is a person with their date of birth; sellers must be adults. */
export const ADULT_AGE = 18;

/** A UK postcode, as Royal Mail writes them (GIR 0AA included), spaces and case aside. */
const UK_POSTCODE = /^(GIR0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2})$/;

/** A UK postcode in its usual form ("sw1a1aa" becomes "SW1A 1AA"), or null when it is not one. */
export function normaliseUkPostcode(typed: string): string | null {
  const compact = typed.replace(/\s+/g, "").toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** The latest date of birth of someone who is an adult on `today` ('YYYY-MM-DD'). */
export function latestAdultBirthDate(today: string = londonToday()): string {
  return `${String(Number(today.slice(0, 4)) - ADULT_AGE).padStart(4, "0")}${today.slice(4)}`;
}

/** An identifier as typed: blank means none given; otherwise the check's normalised value, or its reason. */
const identifier = (check: (typed: string) => IdentifierCheck) =>
  z
    .string({ error: "Please type it as text." })
    .optional()
    .transform((typed, ctx) => {
      if (typed === undefined || typed.trim() === "") return undefined;
      const result = check(typed);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.reason });
      return z.NEVER;
    });

export const ZTaxAddress = z
  .strictObject({
    line1: requiredText(
      1,
      ADDRESS_LINE_MAX_LENGTH,
      "Please enter the first line of the address.",
      `Address line 1 must be at most ${ADDRESS_LINE_MAX_LENGTH} characters`,
    ),
    line2: optionalText(
      ADDRESS_LINE_MAX_LENGTH,
      `Address line 2 must be at most ${ADDRESS_LINE_MAX_LENGTH} characters`,
    ),
    city: requiredText(
      1,
      CITY_MAX_LENGTH,
      "Please enter the town or city.",
      `Town or city must be at most ${CITY_MAX_LENGTH} characters`,
    ),
    postcode: requiredText(
      1,
      POSTCODE_MAX_LENGTH,
      "Please enter the postcode.",
      `Postcode must be at most ${POSTCODE_MAX_LENGTH} characters`,
    ),
    /** ISO 3166 two-letter code; GB unless said otherwise. */
    country: z
      .string({ error: "Country must be a two-letter country code, such as GB." })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Country must be a two-letter country code, such as GB.")
      .default("GB"),
  })
  .transform((address, ctx) => {
    if (address.country !== "GB") return address;
    const postcode = normaliseUkPostcode(address.postcode);
    if (postcode) return { ...address, postcode };
    ctx.addIssue({ code: "custom", path: ["postcode"], message: "Please enter a UK postcode, such as SW1A 1AA." });
    return z.NEVER;
  });

/** Every field a seller fills in, whichever kind they are. */
export const taxDetailsInputFields = {
  legalName: requiredText(
    1,
    LEGAL_NAME_MAX_LENGTH,
    "Please enter the legal name.",
    `Legal name must be at most ${LEGAL_NAME_MAX_LENGTH} characters`,
  ),
  /** 'YYYY-MM-DD'; the seller must be 18 or over. */
  dateOfBirth: z
    .string({ error: "Please enter your date of birth." })
    .refine(isCalendarDate, "Please enter your date of birth as a real date, YYYY-MM-DD.")
    .refine((date) => !isCalendarDate(date) || date >= "1900-01-01", "Please check the year of your date of birth.")
    .refine(
      (date) => !isCalendarDate(date) || date <= latestAdultBirthDate(),
      `You must be ${ADULT_AGE} or over to be paid through StayLondon.`,
    ),
  address: ZTaxAddress,
  nationalInsuranceNumber: identifier(checkNationalInsuranceNumber),
  utr: identifier(checkUtr),
  companyNumber: identifier(checkCompanyNumber),
};

/**
 * The fields as sent, each checked on its own (the server's body schema). Whether at least one identifier is
 * given is checked with what is already saved (identifierRule), since a seller need not type a saved one again.
 */
export const ZTaxDetailsFields = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("individual"),
    ...taxDetailsInputFields,
  }),
  z.strictObject({
    kind: z.literal("business"),
    legalName: taxDetailsInputFields.legalName,
    address: taxDetailsInputFields.address,
    utr: taxDetailsInputFields.utr,
    companyNumber: taxDetailsInputFields.companyNumber,
  }),
]);
export type TTaxDetailsInput = z.input<typeof ZTaxDetailsFields>;
export type TTaxDetailsFields = z.output<typeof ZTaxDetailsFields>;

/** Which identifiers are already saved, and for which kind of seller (those of the other kind do not carry over). */
export type SavedIdentifiers = { kind: TaxDetailsKind; fields: readonly TaxIdentifierField[] } | null;

/**
 * The one rule across fields: at least one identifier of the seller's kind, typed now or saved before for the same
 * kind. Null when met; otherwise the message, which names both identifiers.
 */
export function identifierRule(details: TTaxDetailsFields, saved: SavedIdentifiers): string | null {
  const given = IDENTIFIERS_OF_KIND[details.kind].some(
    (field) =>
      (details as Partial<Record<TaxIdentifierField, string>>)[field] !== undefined ||
      (saved?.kind === details.kind && saved.fields.includes(field)),
  );
  return given ? null : IDENTIFIER_REQUIRED_MESSAGE[details.kind];
}

/** The form's schema: every field, and the identifier rule against what is saved (shown under the first identifier). */
export const taxDetailsFormSchema = (saved: SavedIdentifiers) =>
  ZTaxDetailsFields.superRefine((details, ctx) => {
    const message = identifierRule(details, saved);
    if (message) ctx.addIssue({ code: "custom", path: [IDENTIFIERS_OF_KIND[details.kind][0] ?? "utr"], message });
  });

// ---------------------------------------------------------------------------------------------------------------
// How saved details read back: identifiers masked, never whole.

export const ZTaxDetailsView = z.object({
  kind: z.enum(TAX_DETAILS_KINDS),
  legalName: z.string(),
  /** People only. */
  dateOfBirth: z.string().nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
  /** Masked: only the last three characters show ("••••••56C"); null when not given. */
  nationalInsuranceNumber: z.string().nullable(),
  utr: z.string().nullable(),
  companyNumber: z.string().nullable(),
  /** Everything HMRC's report needs is here: payouts may go ahead. */
  complete: z.boolean(),
  /** ISO instant of the last change. */
  updatedAt: z.string(),
});
export type TTaxDetailsView = z.infer<typeof ZTaxDetailsView>;

/** GET and PUT /api/account/tax-details: the seller's details, or null before any are saved. */
export const ZTaxDetailsAnswer = z.object({ details: ZTaxDetailsView.nullable() });
export type TTaxDetailsAnswer = z.infer<typeof ZTaxDetailsAnswer>;
