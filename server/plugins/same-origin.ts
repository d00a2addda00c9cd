import type { FastifyInstance } from "fastify";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Paths another site's page posts to by design: Sign in with Apple answers with a cross-site form_post.
 * The handler only parks the answer on its flow; the flow is then checked against the browser's own
 * cookie on a same-site GET (routes/api/auth/oauth.ts).
 */
const CROSS_SITE_POSTS = new Set(["/api/auth/apple/callback"]);

/**
 * Refuses state-changing API requests that a browser sent from another site (CSRF). Browsers send
 * Origin on every such request; Sec-Fetch-Site covers the rare one without. Clients that are not
 * browsers (curl, tests, webhooks) send neither and are judged by their credentials alone.
 */
export function registerSameOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const allowed = new Set([new URL(options.publicUrl).origin]);
  // A callback rather than an async hook: every request passes through here, and reads should not pay for a promise.
  app.addHook("onRequest", (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith("/api/")) return done();
    if (request.method === "POST" && CROSS_SITE_POSTS.has(request.url.split("?")[0] ?? "")) return done();
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined) {
      if (origin === ownOrigin || allowed.has(origin)) return done();
    } else if (request.headers["sec-fetch-site"] !== "cross-site") {
      return done();
    }
    reply.code(403).send({ message: "Requests from other websites are not allowed." });
  });
}
