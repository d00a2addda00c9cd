import { z } from "zod";

/**
 * The kinds of field an entity is made of, each with its wording for a person who typed it wrong. Entities
 * (common/entities/*) build their fields from these, so "at most 120 characters" reads the same on every form.
 */

/** Money as PostgreSQL returns numeric(10,2): a decimal string such as "245.00". */
export const ZMoney = z.string().regex(/^\d+(\.\d{1,2})?$/);

/** `{ a: true, b: true }` for zod's `.pick` from a key list, so a list of columns and a schema stay one list. */
export function keysMask<K extends string>(keys: readonly K[]): { [P in K]: true } {
  return Object.fromEntries(keys.map((key) => [key, true])) as { [P in K]: true };
}

/** Required text, trimmed, between min and max characters. */
export const requiredText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);

/** Optional text, trimmed, at most max characters; blank is kept as the caller sends it. */
export const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/** A whole number between min and max; `message` covers missing and too small. */
export const wholeNumber = (min: number, max: number, message: string, tooBig: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, tooBig);

/**
 * Money and percentages are stored with 2 decimals (numeric(…,2)); a third would be rounded away
 * silently, so it is refused. The tolerance absorbs binary noise (19.99 * 100 = 1998.9999999999998).
 */
export const hasAtMostTwoDecimals = (n: number) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6);
export const TWO_DECIMALS_MESSAGE = "Use at most 2 decimal places";

/** Pounds of at least £1, to the penny. */
export const pounds = (max: number, message: string, tooBig: string) =>
  z.number({ error: message }).min(1, message).max(max, tooBig).refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);

/** Optional, 0 or more: a whole number, or money to the penny. */
export const optionalNonNegative = (max: number, label: string, integer: boolean) =>
  (integer
    ? z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`)
    : z.number({ error: `${label} must be a number` }).refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
  )
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-GB")}`)
    .optional();

/** A time of day as a 24-hour clock shows it, "15:00". */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An optional time of day; blank means "not given". */
export const optionalTimeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time written HH:MM` })
    .trim()
    .refine(
      (value) => value === "" || TIME_OF_DAY_PATTERN.test(value),
      `${label} must be a time written HH:MM, such as 15:00`,
    )
    .optional();
