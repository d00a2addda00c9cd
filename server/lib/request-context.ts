import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import { REQUEST_ID_HEADER } from "./request-ids";

/** What the audit log records about the request that caused an entry. */
export type RequestContext = { requestId: string; ip: string };

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Runs every request's hooks and handler inside its context, so the audit log can name the request behind an
 * entry without every service passing it along. Registered before any other hook.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    // Every answer names its request, so a user reporting a problem can quote it and we can find its log lines.
    reply.header(REQUEST_ID_HEADER, request.id);
    storage.run({ requestId: request.id, ip: request.ip }, done);
  });
}

/** The current request's context; undefined in jobs and at start. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
