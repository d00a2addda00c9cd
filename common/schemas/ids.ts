import { z } from "zod";

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A record's id as text in a path or query string: digits only, so "0x1", "1e1", "+1" and " 1" name nothing rather
 * than record 1 or 10; then a positive number a row id column can hold.
 */
export const ZUrlId = (label: string) =>
  z
    .string({ error: `${label} must be a number` })
    .regex(/^[0-9]+$/, `${label} must be a number written in digits`)
    .transform(Number)
    .pipe(z.number().min(1, `${label} must be positive`).max(MAX_ROW_ID, `${label} is too large`));

/** A record's id in a JSON body: a real number ("3", true or [4] are not ids). */
export const ZBodyId = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(MAX_ROW_ID, `${label} is too large`);
