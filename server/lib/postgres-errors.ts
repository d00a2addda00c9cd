/** PostgreSQL error codes (SQLSTATE) the app answers on purpose rather than as a 500. */
export const PG = {
  UNIQUE_VIOLATION: "23505",
  EXCLUSION_VIOLATION: "23P01",
  CHECK_VIOLATION: "23514",
  DEADLOCK_DETECTED: "40P01",
  /** "invalid byte sequence": a NUL character in text. */
  CHARACTER_NOT_IN_REPERTOIRE: "22021",
  UNTRANSLATABLE_CHARACTER: "22P05",
} as const;

/** The SQLSTATE of a failed statement: pg puts it on the error, drizzle on the error's cause. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const candidate of [error, (error as { cause?: unknown } | undefined)?.cause]) {
    const code = (candidate as { code?: unknown } | undefined)?.code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** The constraint a failed statement named (a CHECK, or a trigger's RAISE … CONSTRAINT). */
export function pgConstraint(error: unknown): string | undefined {
  for (const candidate of [error, (error as { cause?: unknown } | undefined)?.cause]) {
    const constraint = (candidate as { constraint?: unknown } | undefined)?.constraint;
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}
