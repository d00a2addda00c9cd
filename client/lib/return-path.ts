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

const REMEMBERED_KEY = "staylondon:return-to";

/**
 * Keeps where to come back to across a sign-in that leaves the site (Google, Apple): the provider's redirect
 * drops our query string, but the tab's sessionStorage survives it. Only a safe path is kept.
 */
export function rememberReturnPath(path: string | null | undefined): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) sessionStorage.setItem(REMEMBERED_KEY, safe);
    else sessionStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Storage refused (private mode, quota): the sign-in then ends on the dashboard.
  }
}

/** The path kept by rememberReturnPath, once: it is forgotten as it is read. */
export function takeRememberedReturnPath(): string | undefined {
  try {
    const value = sessionStorage.getItem(REMEMBERED_KEY);
    sessionStorage.removeItem(REMEMBERED_KEY);
    return safeReturnPath(value);
  } catch {
    return undefined;
  }
}
