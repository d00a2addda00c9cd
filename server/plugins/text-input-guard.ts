import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../lib/errors";

export const NUL_CHARACTER_MESSAGE = "Text must not contain the NUL character (\\u0000)";

/** Deep enough for any form we accept; a body nested deeper is refused by its schema anyway. */
const MAX_DEPTH = 32;

/** Where in `value` a string holds U+0000, as "field.0.name", or null when none does. */
export function findNulCharacter(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "(value)" : null;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return path ? `${path}.(key)` : "(key)";
    const found = findNulCharacter(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 when `value` holds a NUL anywhere; `where` names the part ("Body field", "Query parameter"). */
export function refuseNulCharacters(value: unknown, where: string): void {
  const found = findNulCharacter(value);
  if (found) throw badRequest(`${where} ${found}: ${NUL_CHARACTER_MESSAGE}`);
}

/**
 * PostgreSQL text cannot hold U+0000, so a JSON "\u0000" reaching an INSERT fails inside the transaction
 * (a 500, after work such as a payment refund may have begun). Every JSON body, query and path parameter
 * is checked before validation instead; multipart text fields are checked where they are parsed.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    refuseNulCharacters(request.params, "Path parameter");
    refuseNulCharacters(request.query, "Query parameter");
    // A multipart body is read later, by its route; here it is still undefined.
    refuseNulCharacters(request.body, "Body field");
  });
}
