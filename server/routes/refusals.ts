import type { z } from "zod";
import { ZAccessRefusal } from "../../common/schemas/auth";
import { ZErrorResponse } from "../../common/schemas/errors";
import type { ErrorStatus } from "../lib/errors";

/**
 * The refusals a route documents, by status: every refusal is a message, and a 403 also says what the person is
 * missing and where to fix it (verify an e-mail or phone, wait for approval, set up two-factor). Routes list the
 * statuses they can answer with, e.g. `response: { 200: ZBooking, ...refusals(400, 401, 403, 404) }`.
 */
export function refusals<S extends ErrorStatus>(...statuses: S[]): RefusalSchemas<S> {
  return schemasFor(statuses, (status) => (status === 403 ? ZAccessRefusal : ZErrorResponse)) as RefusalSchemas<S>;
}

/**
 * The same, where a 403 is a message only: the admin pages and the password reset have always documented (and so
 * sent) just the message, so their refusals carry none of the details that point someone to a page to fix them.
 */
export function messageOnlyRefusals<S extends ErrorStatus>(...statuses: S[]): MessageOnlySchemas<S> {
  return schemasFor(statuses, () => ZErrorResponse) as MessageOnlySchemas<S>;
}

type RefusalSchemas<S extends ErrorStatus> = {
  [K in S]: K extends 403 ? typeof ZAccessRefusal : typeof ZErrorResponse;
};
type MessageOnlySchemas<S extends ErrorStatus> = { [K in S]: typeof ZErrorResponse };

function schemasFor(statuses: ErrorStatus[], schemaOf: (status: ErrorStatus) => z.ZodType) {
  return Object.fromEntries(statuses.map((status) => [status, schemaOf(status)]));
}
