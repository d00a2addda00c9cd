/**
 * Hides e-mail addresses, phone numbers and links in a message, so a guest and a host keep talking (and paying)
 * on the site until a stay is confirmed. It catches what people usually type, spaced-out and "at … dot" forms
 * included; a determined person can always spell a number out, which this does not try to read.
 */
export const HIDDEN = {
  email: "[e-mail hidden]",
  phone: "[phone number hidden]",
  link: "[link hidden]",
} as const;

const TLDS = "com|net|org|io|me|info|biz|app|dev|uk|london|ly|site|online|link|xyz|page|ai|gl|eu|de|fr|es|it|ie|us";

// "name@example.co.uk", and "name @ example.com", "name (at) example (dot) com", "name at example dot com", "name[at]example.com".
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const AT = String.raw`\s*(?:@|\(\s*at\s*\)|\[\s*at\s*\]|\{\s*at\s*\})\s*|\s+at\s+`;
const DOT = String.raw`\s*(?:\(\s*dot\s*\)|\[\s*dot\s*\]|\{\s*dot\s*\}|\.)\s*|\s+dot\s+`;
const SPELLED_EMAIL = new RegExp(
  String.raw`[a-z0-9._%+-]+(?:${AT})[a-z0-9-]+(?:(?:${DOT})[a-z0-9-]+)*?(?:${DOT})(?:${TLDS}|co\s*(?:\.|dot)\s*uk)\b`,
  "gi",
);

// "https://…", "www.…", and bare domains with a common ending: "example.com/page", "bit.ly/x", "wa.me/44…".
const URL_WITH_SCHEME = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const BARE_DOMAIN = new RegExp(
  String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:[/?#][^\s<>"']*)?`,
  "gi",
);

// A run of digits with the separators people put in numbers (spaces, dots, dashes, brackets), optionally after
// + or 00; counted as a number when it holds at least 9 digits, which UK numbers (10–11) and international ones do
// while dates, prices and times do not.
const PHONE_CANDIDATE = /(?:\+|\b00)?\(?\d[\d\s().\-/]{6,}\d\)?/g;
const MIN_PHONE_DIGITS = 9;
/** Dates side by side (12/03/2025 15/03/2025, 2025-03-12 - 2025-03-15) are not a number to hide. */
const DATES_ONLY = /^(?:\s*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s*[-–]?)+\s*$/;

function maskPhones(text: string): string {
  return text.replace(PHONE_CANDIDATE, (run) => {
    const digits = run.replace(/\D/g, "").length;
    if (digits < MIN_PHONE_DIGITS || DATES_ONLY.test(run)) return run;
    // Keep the space that may have been swallowed at the end, so words do not run together.
    return HIDDEN.phone + (/\s$/.test(run) ? " " : "");
  });
}

/** The text with contact details hidden, and whether anything was. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  const masked = maskPhones(
    text
      .replace(EMAIL, HIDDEN.email)
      .replace(SPELLED_EMAIL, HIDDEN.email)
      .replace(URL_WITH_SCHEME, HIDDEN.link)
      .replace(BARE_DOMAIN, HIDDEN.link),
  );
  return { text: masked, masked: masked !== text };
}
