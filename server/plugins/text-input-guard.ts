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

/**
 * Where in `value` a string (or a key) cannot be stored, as "field.0.name", and why; null when all can. The path is
 * put together only for a refusal: nearly every request is fine, and is checked without building any string.
 */
export function findUnstorableText(value: unknown, depth = 0): { path: string; problem: string } | null {
  if (typeof value === "string") {
    const problem = unstorable(value);
    return problem ? { path: "(value)", problem } : null;
  }
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const problem = unstorable(key);
    if (problem) return { path: "(key)", problem };
    const found = findUnstorableText((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { path: found.path === "(value)" ? key : `${key}.${found.path}`, problem: found.problem };
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
  // A callback, not an async function: every request passes through it, and nearly all pass, with no promise.
  app.addHook("preValidation", (request: FastifyRequest, _reply, done) => {
    try {
      refuseUnstorableText(request.params, "Path parameter");
      refuseUnstorableText(request.query, "Query parameter");
      // A multipart body is read later, by its route; here it is still undefined.
      refuseUnstorableText(request.body, "Body field");
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
