import { ZMessageResponse, ZPhoneCodeSent } from "@common/schemas/auth";
import { apiRequest, parseJson } from "@/lib/api-client";

/** POST /api/auth/send-phone-verification: texts a 6-digit code; answers the E.164 number and the resend wait. */
export async function sendPhoneCode(phoneNumber: string) {
  const res = await apiRequest("POST", "/api/auth/send-phone-verification", { phoneNumber });
  return parseJson(res, ZPhoneCodeSent);
}

/** POST /api/auth/verify-phone: checks the code; the updated user is read again through the user query. */
export async function verifyPhoneCode(code: string): Promise<string> {
  const res = await apiRequest("POST", "/api/auth/verify-phone", { code });
  return (await parseJson(res, ZMessageResponse)).message;
}
