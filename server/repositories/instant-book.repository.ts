import { and, count, eq } from "drizzle-orm";
import type { TInstantBookSettings } from "../../common/schemas/instant-book";
import type { Db } from "../db/client";
import { bookings, messageThreads, properties, threadMessages } from "../db/schema";

/** A listing's instant book switch and requirements, or undefined for no such listing. */
export async function findInstantBookTerms(db: Db, propertyId: number): Promise<TInstantBookSettings | undefined> {
  const [row] = await db
    .select({
      instantBook: properties.instantBook,
      instantBookMinStays: properties.instantBookMinStays,
      instantBookMessageRequired: properties.instantBookMessageRequired,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return row;
}

/** Writes a listing's instant book settings, all three at once; false when the listing is gone. */
export async function saveInstantBookTerms(db: Db, propertyId: number, terms: TInstantBookSettings): Promise<boolean> {
  const updated = await db
    .update(properties)
    .set({ ...terms, updatedAt: new Date() })
    .where(eq(properties.id, propertyId))
    .returning({ id: properties.id });
  return updated.length > 0;
}

/** What instant book asks of a guest: stays they completed anywhere on StayLondon, and whether they wrote to this host. */
export async function findGuestStanding(
  db: Db,
  guestId: number,
  propertyId: number,
): Promise<{ completedStays: number; wroteToHost: boolean }> {
  const [[stays], [written]] = await Promise.all([
    db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.guestId, guestId), eq(bookings.status, "completed"))),
    db
      .select({ n: count() })
      .from(threadMessages)
      .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
      .where(
        and(
          eq(messageThreads.kind, "guest_host"),
          eq(messageThreads.propertyId, propertyId),
          eq(messageThreads.guestId, guestId),
          eq(threadMessages.authorId, guestId),
          eq(threadMessages.authorSide, "guest"),
        ),
      ),
  ]);
  return { completedStays: stays?.n ?? 0, wroteToHost: (written?.n ?? 0) > 0 };
}
