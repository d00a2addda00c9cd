import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../lib/errors";

export const NUL_CHARACTER_MESSAGE = "Text must not contain the NUL character (\\u0000)";
export const LONE_SURROGATE_MESSAGE = "Text must be valid Unicode (it holds half of a surrogate pair)";

/** Deep enough for any form we accept; a body nested deeper is refused by its schema anyway. */
const MAX_DEPTH = 32;

/** Half of a UTF-16 surrogate pair with no other half: no character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL could not store `text`, or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes("\u0000")) return NUL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/** Where in `value` a string (or a key) cannot be stored, as "field.0.name", and why; null when all can. */
export function findUnstorableText(value: unknown, path = "", depth = 0): { path: string; problem: string } | null {
  if (typeof value === "string") {
    const problem = unstorable(value);
    return problem ? { path: path || "(value)", problem } : null;
  }
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = unstorable(key);
    if (problem) return { path: path ? `${path}.(key)` : "(key)", problem };
    const found = findUnstorableText(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 when `value` holds such text anywhere; `where` names the part ("Body field", "Query parameter"). */
export function refuseUnstorableText(value: unknown, where: string): void {
  const found = findUnstorableText(value);
  if (found) throw badRequest(`${where} ${found.path}: ${found.problem}`);
}

/**
 * PostgreSQL text cannot hold U+0000, and its JSON cannot hold half a surrogate pair (JSON.stringify writes one as
 * "\ud800", which jsonb refuses): such text reaching an INSERT fails inside the transaction (a 500, after work
 * such as a payment refund may have begun), or even in the audit entry written with a change. Every JSON body,
 * query and path parameter is checked before validation instead; multipart text fields are checked where they
 * are parsed.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    refuseUnstorableText(request.params, "Path parameter");
    refuseUnstorableText(request.query, "Query parameter");
    // A multipart body is read later, by its route; here it is still undefined.
    refuseUnstorableText(request.body, "Body field");
  });
}
