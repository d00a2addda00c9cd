import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";

/** Distinct query strings kept per route; a flood of one-off ones only empties the list sooner. */
const KEPT_QUERIES = 1_000;
/**
 * Some rules read the clock (a check-in not in the past, a calendar month not before this one): a kept answer is
 * trusted for a minute at most, the same drift the kept search pages allow.
 */
const KEPT_FOR_MS = 60_000;

/** What the zod compiler answers: the parsed value, or the error. */
type Validation = { value?: unknown; error?: Error };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The zod validator, remembering what each query string it accepted came to. The busiest public reads (search,
 * map pins, a listing's calendar) see the same few query strings again and again, and checking one with zod cost
 * more of their time than answering it from the kept pages. Refusals are checked afresh each time; the kept
 * values are frozen, as every request that asks the same gets the same object.
 */
export function keptQueryValidation<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // Fastify types a route's own compiler by the whole route schema; each part it compiles is one zod schema.
  const validate = validatorCompiler(route as unknown as FastifyRouteSchemaDef<ZodType>);
  if (route.httpPart !== "querystring") return validate;
  const kept = new Map<string, Validation>();
  let keptSince = Date.now();
  return (data) => {
    const key = JSON.stringify(data);
    const now = Date.now();
    if (now - keptSince > KEPT_FOR_MS || kept.size >= KEPT_QUERIES) {
      kept.clear();
      keptSince = now;
    }
    const known = kept.get(key);
    if (known) return known;
    const result = validate(data) as Validation;
    if (!result.error) kept.set(key, deepFreeze(result));
    return result;
  };
}
