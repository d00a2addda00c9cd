import rateLimitPlugin from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { RateLimitCounters } from "../repositories/rate-limit-counters.repository";

declare module "fastify" {
  interface FastifyInstance {
    /** RATE_LIMIT_FACTOR: every limit is multiplied by it. */
    rateLimitFactor: number;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How each counted kind of request is limited: how many, per how long, counted per person (the signed-in
 * account, or the address when nobody is signed in) or per address. Counts live in PostgreSQL, so every
 * instance shares them. "batched" limits (the busy public reads) add up locally and reach the database a few
 * times a second; the others are counted exactly on each request. `what` completes "Too many …".
 */
export const RATE_LIMITS = {
  register: { max: 10, windowMs: HOUR, per: "address", counting: "exact", what: "new accounts from this connection" },
  oauthStart: {
    max: 30,
    windowMs: 10 * MINUTE,
    per: "address",
    counting: "exact",
    what: "sign-ins with Google or Apple from this connection",
  },
  emailVerification: { max: 10, windowMs: HOUR, per: "person", counting: "exact", what: "verification e-mails" },
  phoneVerification: { max: 5, windowMs: HOUR, per: "person", counting: "exact", what: "verification codes by SMS" },
  booking: { max: 20, windowMs: HOUR, per: "person", counting: "exact", what: "booking requests" },
  review: { max: 20, windowMs: HOUR, per: "person", counting: "exact", what: "reviews" },
  upload: { max: 120, windowMs: HOUR, per: "person", counting: "exact", what: "photo uploads" },
  places: { max: 240, windowMs: MINUTE, per: "address", counting: "batched", what: "place look-ups" },
  search: { max: 600, windowMs: MINUTE, per: "address", counting: "batched", what: "searches" },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitName = keyof typeof RATE_LIMITS;
type RateLimitPolicy = {
  max: number;
  windowMs: number;
  per: "person" | "address";
  counting: "exact" | "batched";
  what: string;
};

/** A route's `config.rateLimit`: the named limit, applied once the visitor is known (after the session). */
export function rateLimit(name: RateLimitName) {
  const policy: RateLimitPolicy = RATE_LIMITS[name];
  return {
    max: (request: FastifyRequest) => Math.max(1, Math.round(policy.max * request.server.rateLimitFactor)),
    timeWindow: policy.windowMs,
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) =>
      policy.per === "person" && request.sessionUserId !== null
        ? `${name}:user:${request.sessionUserId}`
        : `${name}:ip:${request.ip}`,
    counting: policy.counting,
    what: policy.what,
  };
}

/** "Too many searches. Try again in 40 seconds." */
function refusal(what: string, ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? "" : "s"}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return `Too many ${what}. Try again in ${wait}.`;
}

/**
 * Registers @fastify/rate-limit with the counters in PostgreSQL; only routes that name a limit
 * (`config: { rateLimit: rateLimit("…") }`) are counted. A refusal is a 429 with Retry-After and a message
 * that says when to try again. If the counters cannot be reached the request goes through (a database fault
 * must not also lock everyone out; the route itself will fail if it needs the database).
 */
export async function registerRateLimits(app: FastifyInstance, db: Database, factor: number): Promise<void> {
  app.decorate("rateLimitFactor", factor);
  // Off: the routes' limits are not attached at all.
  if (factor === 0) return;
  const counters = new RateLimitCounters(db);
  app.addHook("onClose", async () => counters.close());

  class SharedStore {
    readonly counting: "exact" | "batched";
    constructor(options?: { counting?: unknown }) {
      this.counting = options?.counting === "batched" ? "batched" : "exact";
    }
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      counters.hit(key, windowMs, this.counting).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }
    child(routeOptions: { counting?: unknown }) {
      return new SharedStore(routeOptions);
    }
  }

  await app.register(rateLimitPlugin, {
    global: false,
    store: SharedStore as never,
    skipOnError: true,
    onExceeded: (request, key) => request.log.warn({ rateLimit: key.split(":")[0] }, "rate limit reached"),
    errorResponseBuilder: (request, context) => {
      const what = (request.routeOptions.config as { rateLimit?: { what?: string } }).rateLimit?.what ?? "requests";
      return Object.assign(new Error(refusal(what, context.ttl)), { statusCode: context.statusCode });
    },
  });
}
