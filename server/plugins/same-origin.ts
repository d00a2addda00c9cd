import type { FastifyInstance } from "fastify";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing API requests that a browser sent from another site (CSRF). Browsers send
 * Origin on every such request; Sec-Fetch-Site covers the rare one without. Clients that are not
 * browsers (curl, tests, webhooks) send neither and are judged by their credentials alone.
 */
export function registerSameOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const allowed = new Set([new URL(options.publicUrl).origin]);
  app.addHook("onRequest", async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined) {
      if (origin === ownOrigin || allowed.has(origin)) return;
    } else if (request.headers["sec-fetch-site"] !== "cross-site") {
      return;
    }
    return reply.code(403).send({ message: "Requests from other websites are not allowed." });
  });
}
