/** PostgreSQL error codes (SQLSTATE) the app answers on purpose rather than as a 500. */
export const PG = {
  UNIQUE_VIOLATION: "23505",
  EXCLUSION_VIOLATION: "23P01",
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
