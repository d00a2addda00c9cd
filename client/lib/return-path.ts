/**
 * Where to come back to after signing in: a path on this site only. Anything that could leave it
 * ("//evil.example", "https://…", "/\evil") or loop back to /auth is refused.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (/^\/(auth|api)(\/|\?|#|$)/.test(value)) return undefined;
  return value;
}

/** The sign-in page, asked to return to `path` afterwards. */
export function signInPath(path?: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== "/" ? `/auth?returnTo=${encodeURIComponent(safe)}` : "/auth";
}
