import { z } from "zod";

/** Every refusal the API answers (4xx, 5xx): a sentence for the person, never a stack or a code alone. */
export const ZErrorResponse = z.object({ message: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
