import { z } from "zod";

/** Markup in free text: a tag opening (`<script`, `<img`, `</`, `<!--`). Plain "<" in "3 < 5" is fine. */
const MARKUP = /<\s*[/!?]?\s*[a-z]/i;
export const NO_MARKUP_MESSAGE = "must be plain text, without HTML tags such as <script>";

/**
 * Free text people write to each other (a job's description, a note, a message): trimmed, between `min` and `max`
 * characters, and without markup. Pages print it as text anyway; refusing tags keeps e-mails and exports clean
 * and tells the sender at once instead of showing their words mangled.
 */
export function ZPlainText(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-GB")} characters`)
    .refine((value) => !MARKUP.test(value), `${label} ${NO_MARKUP_MESSAGE}`);
}

/** The same, optional: empty or missing becomes undefined. */
export function ZOptionalPlainText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-GB")} characters`)
    .refine((value) => !MARKUP.test(value), `${label} ${NO_MARKUP_MESSAGE}`)
    .optional()
    .transform((value) => (value ? value : undefined));
}
