/**
 * The UK tax identifiers a seller gives us so we can report their earnings to HMRC under the Reporting Rules for
 * Digital Platforms: a National Insurance number, a Unique Taxpayer Reference and a Companies House company number.
 * Each check takes what a person typed (spaces, lower case and the usual extras allowed), and answers either the
 * value as HMRC and Companies House write it, or a plain-English reason to show beside the field.
 */
/** A seller is a person or a business; HMRC's report asks different identifiers of each. */
export const TAX_DETAILS_KINDS = ["individual", "business"] as const;
export type TaxDetailsKind = (typeof TAX_DETAILS_KINDS)[number];

export type IdentifierCheck = { ok: true; value: string } | { ok: false; reason: string };

const accept = (value: string): IdentifierCheck => ({ ok: true, value });
const refuse = (reason: string): IdentifierCheck => ({ ok: false, reason });

/** Spaces (and the non-breaking ones a copy from a PDF brings) and dashes people type between groups. */
const compact = (typed: string) => typed.replace(/[\s\u00a0-]/g, "").toUpperCase();

// ---------------------------------------------------------------------------------------------------------------
// National Insurance number: two prefix letters, six digits, a suffix letter A–D (HMRC's NINO format).

/** Letters never used as the first letter of a National Insurance number. */
export const NINO_FORBIDDEN_FIRST_LETTERS = ["D", "F", "I", "Q", "U", "V"] as const;
/** Letters never used as the second letter. */
export const NINO_FORBIDDEN_SECOND_LETTERS = ["D", "F", "I", "O", "Q", "U", "V"] as const;
/** Prefixes HMRC has never issued (they were kept back or are used only for temporary and administrative numbers). */
export const NINO_UNISSUED_PREFIXES = ["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"] as const;

const NINO_SHAPE = "two letters, six digits and a final letter A, B, C or D, such as QQ 12 34 56 C";

export function checkNationalInsuranceNumber(typed: string): IdentifierCheck {
  const value = compact(typed);
  if (value === "") return refuse("Please enter your National Insurance number.");
  if (!/^[A-Z]{2}\d{6}[A-Z]$/.test(value)) {
    return refuse(`A National Insurance number is ${NINO_SHAPE}.`);
  }
  const [first = "", second = ""] = value;
  const suffix = value.slice(-1);
  if (!"ABCD".includes(suffix)) {
    return refuse("The last letter of a National Insurance number is A, B, C or D.");
  }
  if ((NINO_FORBIDDEN_FIRST_LETTERS as readonly string[]).includes(first)) {
    return refuse(`A National Insurance number never starts with ${first}. Please check the first letter.`);
  }
  if ((NINO_FORBIDDEN_SECOND_LETTERS as readonly string[]).includes(second)) {
    return refuse(`A National Insurance number never has ${second} as its second letter. Please check it.`);
  }
  if ((NINO_UNISSUED_PREFIXES as readonly string[]).includes(value.slice(0, 2))) {
    return refuse(`National Insurance numbers starting ${value.slice(0, 2)} are never issued. Please check yours.`);
  }
  return accept(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Unique Taxpayer Reference: ten digits, the first a check digit over the other nine.

/** The weights of digits 2 to 10 in the UTR's modulus-11 check. */
const UTR_WEIGHTS = [6, 7, 8, 9, 10, 5, 4, 3, 2] as const;
/**
 * The check digit for each remainder of the weighted sum divided by 11. HMRC's own published services
 * (hmrc/* form validators), python-stdnum and the Sage payroll guide all agree: it is 11 minus the remainder, with a
 * remainder of 0 giving 2 and of 1 giving 1 (where "11 minus" would need two digits).
 */
const UTR_CHECK_DIGITS = "21987654321";

/** The check digit of a UTR whose last nine digits are `nine`. */
export function utrCheckDigit(nine: string): string {
  const sum = UTR_WEIGHTS.reduce((total, weight, index) => total + weight * Number(nine[index]), 0);
  return UTR_CHECK_DIGITS[sum % 11] ?? "";
}

export function checkUtr(typed: string): IdentifierCheck {
  // HMRC letters often print the UTR with a K before or after it (as on online services' references).
  const value = compact(typed).replace(/^K|K$/g, "");
  if (value === "") return refuse("Please enter your Unique Taxpayer Reference (UTR).");
  if (!/^\d+$/.test(value)) return refuse("A Unique Taxpayer Reference (UTR) is made of digits only.");
  if (value.length !== 10) {
    return refuse(`A Unique Taxpayer Reference (UTR) has 10 digits; this has ${value.length}.`);
  }
  if (utrCheckDigit(value.slice(1)) !== value[0]) {
    return refuse(
      "That is not a valid Unique Taxpayer Reference (UTR). Please check the digits against your letter from HMRC.",
    );
  }
  return accept(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Companies House company number: eight characters, all digits or a two-character register prefix and six digits.

/**
 * The registers' prefixes: Scotland (SC), Northern Ireland (NI, and R0 from before 1922), limited liability
 * partnerships (OC, SO, NC), limited partnerships (LP, SL, NL), Scottish qualifying partnerships (SG), overseas
 * companies (FC, SF, NF), European groupings (GE, GS, ES), industrial and provident and other societies (IP, SP,
 * NP, NO, RS, SR, RC, SI, IC, NV), charitable incorporated organisations (CE, CS), unregistered companies (ZC, SZ).
 */
export const COMPANY_NUMBER_PREFIXES = [
  "SC",
  "NI",
  "R0",
  "OC",
  "SO",
  "NC",
  "LP",
  "SL",
  "NL",
  "SG",
  "FC",
  "SF",
  "NF",
  "GE",
  "GS",
  "ES",
  "IP",
  "SP",
  "NP",
  "NO",
  "RS",
  "SR",
  "RC",
  "SI",
  "IC",
  "NV",
  "CE",
  "CS",
  "ZC",
  "SZ",
] as const;

const COMPANY_SHAPE = "8 digits, or two letters such as SC or OC followed by 6 digits";

export function checkCompanyNumber(typed: string): IdentifierCheck {
  const value = compact(typed);
  if (value === "") return refuse("Please enter your company number.");
  // Companies House drops leading zeros in some places; the register itself always has eight digits.
  if (/^\d+$/.test(value)) {
    if (value.length > 8) return refuse(`A company number is ${COMPANY_SHAPE}; this has ${value.length} digits.`);
    return accept(value.padStart(8, "0"));
  }
  const prefix = value.slice(0, 2);
  if (!/^[A-Z][A-Z0-9]\d+$/.test(value) || value.length !== 8) {
    return refuse(`A company number is ${COMPANY_SHAPE}.`);
  }
  if (!(COMPANY_NUMBER_PREFIXES as readonly string[]).includes(prefix)) {
    return refuse(`${prefix} is not a Companies House register prefix. A company number is ${COMPANY_SHAPE}.`);
  }
  return accept(value);
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * An identifier as we show it back once saved: only its last three characters, so a screen, a screenshot or a
 * support chat never carries a whole one.
 */
export function maskIdentifier(value: string): string {
  const shown = 3;
  return "•".repeat(Math.max(value.length - shown, 0)) + value.slice(-shown);
}
