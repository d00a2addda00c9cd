import {
  type TAuthOutcome,
  type TLoginRequest,
  type TRegisterOAuthRequest,
  type TRegisterRequest,
  ZAuthOutcome,
} from "@common/schemas/auth";
import { apiRequest, isApiError, parseJson } from "@/lib/api-client";

/** POST /api/auth/login: a 2xx answer (signed in, perhaps told to verify the phone). Refusals throw an ApiError. */
export async function login(input: TLoginRequest): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/login", input), ZAuthOutcome);
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
