import type { Db } from "../db/client";
import { stripeEvents } from "../db/schema";

/**
 * Notes a Stripe event as handled, inside the transaction that acts on it; false when it already was. Stripe retries
 * and replays events, so what an event changes must commit together with this note, or not at all.
 */
export async function firstDeliveryOf(db: Db, event: { id: string; type: string }): Promise<boolean> {
  const fresh = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return fresh.length > 0;
}
