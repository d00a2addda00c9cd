import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { Database } from "../db/client";
import { type Hit, RateLimitCounters } from "../repositories/rate-limit-counters.repository";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How each counted kind of request is limited: how many, per how long, counted per person (the signed-in
 * account, or the address when nobody is signed in) or per address. Counts live in PostgreSQL, so every
 * instance shares them. "exact" limits write each request to the database as it is judged: those guarding a
 * password or a code (one more try is one more guess), and those that send a code or a link by e-mail or text.
 * "batched" ones add up locally and reach the database five times a second: the busy public reads, and the busy
 * writes whose own rules already stop the harm (a booking cannot take a taken night). A burst spread over several
 * instances in the same fifth of a second can pass a batched limit by what each instance lets through before it
 * hears the others; after that, the total is shared. `what` completes "Too many …".
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
  // Per connection: whoever asks is signed out. Each account also gets at most three reset e-mails an hour.
  passwordReset: { max: 10, windowMs: HOUR, per: "address", counting: "exact", what: "password reset requests" },
  // Each try checks the current password: a stolen session must not become a way to guess it.
  passwordChange: { max: 10, windowMs: HOUR, per: "person", counting: "exact", what: "password changes" },
  // Links to a new address, and the confirm and undo links opened (signed out, counted per connection).
  emailChange: { max: 10, windowMs: HOUR, per: "person", counting: "exact", what: "email address changes" },
  // A whole account read at once: plenty for a person, and a stolen session cannot turn it into a stream.
  dataExport: { max: 10, windowMs: HOUR, per: "person", counting: "exact", what: "data downloads" },
  // The code after a password: each waiting sign-in also dies after five wrong codes, and wrong codes count towards
  // the account's sign-in lockout; this bounds one connection across many waiting sign-ins.
  twoFactorSignIn: {
    max: 30,
    windowMs: 10 * MINUTE,
    per: "address",
    counting: "exact",
    what: "two-factor codes from this connection",
  },
  // Setting two-factor up, switching it off, new recovery codes: each checks a code or the password.
  twoFactorChange: { max: 20, windowMs: HOUR, per: "person", counting: "exact", what: "two-factor changes" },
  // Each asks for a challenge row in the database.
  passkey: { max: 60, windowMs: 10 * MINUTE, per: "address", counting: "exact", what: "passkey requests" },
  phoneVerification: { max: 5, windowMs: HOUR, per: "person", counting: "exact", what: "verification codes by SMS" },
  // The busiest write: counted exactly, the limit's round trip was one in ten of a booking's statements.
  booking: { max: 20, windowMs: HOUR, per: "person", counting: "batched", what: "booking requests" },
  review: { max: 20, windowMs: HOUR, per: "person", counting: "exact", what: "reviews" },
  message: { max: 60, windowMs: HOUR, per: "person", counting: "batched", what: "messages" },
  // The contact page is open to visitors: a few requests an hour is plenty for a person, and stops a flood.
  support: { max: 10, windowMs: HOUR, per: "person", counting: "exact", what: "messages to support" },
  upload: { max: 120, windowMs: HOUR, per: "person", counting: "exact", what: "photo uploads" },
  // Each one asks Stripe for an onboarding link (and, the first time, a Connect account).
  payoutOnboarding: { max: 30, windowMs: HOUR, per: "person", counting: "exact", what: "payout set-up requests" },
  // Each one makes the server fetch another site's calendar.
  calendarSync: { max: 60, windowMs: HOUR, per: "person", counting: "exact", what: "calendar syncs" },
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

declare module "fastify" {
  interface FastifyContextConfig {
    /** The limit this route counts against (RATE_LIMITS). */
    rateLimit?: RateLimitName;
  }
}

/** "Too many searches. Try again in 40 seconds." */
function refusal(what: string, ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many ${what}. Try again in ${wait}.`;
}

/**
 * Counts each request of a route that names a limit (`config: { rateLimit: "search" }`) and refuses those over
 * it with a 429, Retry-After and a message that says when to try again. A limit per address that is batched is
 * judged synchronously as the request arrives, before the session is read, as it guards the busiest reads; every
 * other limit is judged after the session is read (a person's limit follows their account) and tells every answer
 * how many are left. If the counters cannot be reached the request goes through: a database fault must not also
 * lock everyone out.
 *
 * Written here rather than with @fastify/rate-limit (decision 014): one module holds the limits and the counting,
 * and the busiest route's check stays synchronous.
 */
export function registerRateLimits(app: FastifyInstance, db: Database, factor: number): void {
  // 0 switches the limits off: no hooks at all.
  if (factor === 0) return;
  const counters = new RateLimitCounters(db);
  app.addHook("onClose", async () => counters.close());
  const maxOf = (policy: RateLimitPolicy) => Math.max(1, Math.round(policy.max * factor));

  const refuse = (reply: FastifyReply, policy: RateLimitPolicy, hit: Hit) => {
    const seconds = Math.max(1, Math.ceil(hit.ttl / 1000));
    reply.request.log.warn({ rateLimit: policy.what }, "rate limit reached");
    return reply
      .code(429)
      .header("Retry-After", String(seconds))
      .send({ message: refusal(policy.what, hit.ttl) });
  };

  app.addHook("onRoute", (route) => {
    const name = route.config?.rateLimit;
    if (!name) return;
    const policy: RateLimitPolicy = RATE_LIMITS[name];
    const max = maxOf(policy);

    if (policy.counting === "batched" && policy.per === "address") {
      // Kept answers sent before Fastify count against the same limit; one over it goes the full way to be refused.
      app.earlyAnswers.countAgainst(
        name,
        (address) => counters.hitBatched(`${name}:ip:${address}`, policy.windowMs).current <= max,
      );
      const check = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const hit = counters.hitBatched(`${name}:ip:${request.ip}`, policy.windowMs);
        if (hit.current > max) {
          refuse(reply, policy, hit);
          return;
        }
        done();
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), check];
      return;
    }

    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const key =
        policy.per === "person" && request.sessionUserId !== null
          ? `${name}:user:${request.sessionUserId}`
          : `${name}:ip:${request.ip}`;
      let hit: Hit;
      try {
        hit =
          policy.counting === "batched"
            ? counters.hitBatched(key, policy.windowMs)
            : await counters.hitExact(key, policy.windowMs);
      } catch (error) {
        request.log.error({ err: error }, "rate-limit counters unreachable; the request is let through");
        return;
      }
      reply.header("X-RateLimit-Limit", String(max));
      reply.header("X-RateLimit-Remaining", String(Math.max(0, max - hit.current)));
      if (hit.current > max) return refuse(reply, policy, hit);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}
