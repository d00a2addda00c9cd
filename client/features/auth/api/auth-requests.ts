import {
  type TAuthOutcome,
  type TLoginRequest,
  type TRegisterOAuthRequest,
  type TRegisterRequest,
  ZAuthOutcome,
} from "@common/schemas/auth";
import { type TPasskeySignIn, ZWebAuthnOptions } from "@common/schemas/passkeys";
import type { TTwoFactorSignIn } from "@common/schemas/two-factor";
import { apiRequest, isApiError, parseJson } from "@/lib/api-client";

/** POST /api/auth/login: a 2xx answer (signed in, perhaps told to verify the phone). Refusals throw an ApiError. */
export async function login(input: TLoginRequest): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/login", input), ZAuthOutcome);
}

/** POST /api/auth/two-factor: the code after the password (or a recovery code) completes the sign-in. */
export async function completeTwoFactor(input: TTwoFactorSignIn): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/two-factor", input), ZAuthOutcome);
}

/**
 * Signing in with a passkey: the server's challenge, the browser's passkey prompt (the person picks a passkey; no
 * e-mail address needed), and the signed answer. The WebAuthn helper is loaded on the click, never with the page.
 */
export async function signInWithPasskey(): Promise<TAuthOutcome> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await parseJson(await apiRequest("POST", "/api/auth/passkey/options"), ZWebAuthnOptions);
  const credential = await startAuthentication({ optionsJSON: options as never });
  const body: TPasskeySignIn = { credential: credential as TPasskeySignIn["credential"] };
  return parseJson(await apiRequest("POST", "/api/auth/passkey/verify", body), ZAuthOutcome);
}

/** POST /api/auth/register: a guest is signed in; a landlord is told what happens next. */
export async function register(input: TRegisterRequest): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/register", input), ZAuthOutcome);
}

/** POST /api/auth/register-oauth: finishing a sign-up that started at Google or Apple; answers like register. */
export async function registerOAuth(input: TRegisterOAuthRequest): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/register-oauth", input), ZAuthOutcome);
}

/** POST /api/auth/complete-oauth: trades the one-time token from the provider callback for a session. */
export async function completeOAuth(token: string): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/complete-oauth", { token }), ZAuthOutcome);
}

/**
 * The flags and message of a refused call. The server answers `{ message, ...flags }` as JSON; anything else (a
 * network failure, an HTML error page) yields no flags and no message, so callers fall back to their own text.
 */
export function refusalOutcome(error: unknown): TAuthOutcome {
  if (!isApiError(error)) return {};
  try {
    const parsed = ZAuthOutcome.safeParse(JSON.parse(error.body));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON.
  }
  const message = error.serverMessage;
  return message ? { message } : {};
}
