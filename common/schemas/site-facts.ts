import { z } from "zod";

/**
 * GET /api/config/site: who runs this site and how it handles people's data, as configured now. The footer, the terms
 * and the privacy notice read it, so what they say about the company, its processors and how long data is kept
 * follows the deployment instead of drifting from it. A detail not configured is null and left out.
 */
export const ZSiteFacts = z.object({
  company: z.object({
    name: z.string(),
    number: z.string().nullable(),
    registeredAddress: z.string().nullable(),
    supportEmail: z.string().nullable(),
    icoRegistration: z.string().nullable(),
  }),
  /** The outside services that handle people's data here: only those this deployment uses. */
  processors: z.array(z.object({ name: z.string(), purpose: z.string() })),
  /** How long records about people are kept before they are deleted, in days. */
  retention: z.object({
    sessionDays: z.number(),
    loginAttemptDays: z.number(),
    auditLogDays: z.number(),
    sentMessageDays: z.number(),
  }),
});
export type TSiteFacts = z.infer<typeof ZSiteFacts>;
