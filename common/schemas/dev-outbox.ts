import { z } from "zod";

/** GET /api/dev/outbox: messages the app would have sent, newest first. */
export const ZOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxList = z.array(ZOutboxMessage);
