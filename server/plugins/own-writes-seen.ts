import type { FastifyInstance } from "fastify";
import { AVAILABILITY_CHANGED, type ChangeFeed } from "../db/change-feed";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A guest who books here and searches again at once must not be shown the dates answer kept from before: the
 * database's notice of the booking reaches this instance's feed a moment later, maybe after the next search. So a
 * write this instance answered successfully empties this instance's kept date answers before its reply leaves, as
 * the notice will (other instances still wait for the notice). Any write, not only bookings: stays are taken and freed
 * by many paths (bookings, payments, cancellations, calendar blocks and sync, maintenance), and writes are rare next
 * to searches, so the cost is a few more database reads of date searches.
 */
export function registerOwnWritesSeen(app: FastifyInstance, feed: ChangeFeed | undefined): void {
  if (!feed) return;
  // A callback hook, not an async one: it runs on every reply, and most are reads that need no promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (WRITES.has(request.method) && reply.statusCode < 400) feed.emit(AVAILABILITY_CHANGED);
    done(null, payload);
  });
}
