import type { FastifyReply } from "fastify";
import type { AuthResult } from "../../../services/auth.service";

/**
 * Acts on a sign-in outcome, whichever way it came (password, Google or Apple, a reset link, a passkey, the
 * two-factor code): starts the session, or holds the sign-in for its two-factor code. Answers whether a session began.
 */
export async function applySignIn(reply: FastifyReply, result: AuthResult): Promise<boolean> {
  if (result.twoFactorFor !== undefined) {
    await reply.startTwoFactorStep(result.twoFactorFor);
    return false;
  }
  if (result.signIn !== undefined) {
    await reply.startSession(result.signIn);
    return true;
  }
  return false;
}
