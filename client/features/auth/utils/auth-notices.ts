import type { TAuthOutcome } from "@common/schemas/auth";

/**
 * The screens shown instead of the forms when an account cannot be used yet: check your e-mail; application under review; registration complete with two steps.
 */
export type AuthNoticeKind = "check-email" | "under-review" | "two-step";
export type AuthNotice = { kind: AuthNoticeKind; email?: string | undefined };

/** Null means the account is ready (signed in). */
export function registrationNotice(outcome: TAuthOutcome, email: string): AuthNotice | null {
  const address = outcome.email ?? email;
  if (outcome.requiresApproval && outcome.requiresEmailVerification) return { kind: "two-step", email: address };
  if (outcome.requiresApproval) return { kind: "under-review", email: address };
  if (outcome.requiresEmailVerification) return { kind: "check-email", email: address };
  return null;
}

/** The refusals that explain themselves with a notice rather than a toast. */
export function signInNotice(outcome: TAuthOutcome, email?: string): AuthNotice | null {
  const address = outcome.email ?? email;
  if (outcome.requiresEmailVerification) return { kind: "check-email", email: address };
  if (outcome.requiresApproval) return { kind: "under-review", email: address };
  return null;
}

/** Router state that carries a notice to /auth (used when OAuth completion on the home page is refused). */
export type AuthPageState = { notice?: AuthNotice };

export function noticeFromState(state: unknown): AuthNotice | null {
  if (!state || typeof state !== "object" || !("notice" in state)) return null;
  const notice = (state as AuthPageState).notice;
  return notice && ["check-email", "under-review", "two-step"].includes(notice.kind) ? notice : null;
}
