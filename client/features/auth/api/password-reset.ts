import {
  type TAuthOutcome,
  type TResetPasswordRequest,
  ZAuthOutcome,
  ZMessageResponse,
  ZResetLinkRefusal,
} from "@common/schemas/auth";
import { apiRequest, isApiError, parseJson } from "@/lib/api-client";

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await parseJson(await apiRequest("POST", "/api/auth/forgot-password", { email }), ZMessageResponse)).message;
}

export type ResetLinkState = { usable: true } | { usable: false; expired: boolean; message: string };

/** GET /api/auth/reset-password: whether the link in the address bar can still be used. */
export async function checkResetLink(token: string): Promise<ResetLinkState> {
  try {
    await parseJson(
      await apiRequest("GET", `/api/auth/reset-password?token=${encodeURIComponent(token)}`),
      ZMessageResponse,
    );
    return { usable: true };
  } catch (error) {
    if (!isApiError(error, 400)) throw error;
    return {
      usable: false,
      expired: saysExpired(error.body),
      message: error.serverMessage ?? "This reset link is not valid.",
    };
  }
}

/** POST /api/auth/reset-password: the new password; signed in at once unless the account still waits for something. */
export async function resetPassword(input: TResetPasswordRequest): Promise<TAuthOutcome> {
  return parseJson(await apiRequest("POST", "/api/auth/reset-password", input), ZAuthOutcome);
}

function saysExpired(body: string): boolean {
  try {
    return ZResetLinkRefusal.safeParse(JSON.parse(body)).data?.expired === true;
  } catch {
    return false;
  }
}
