import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { photoUploads } from "../db/schema";

export type PhotoUploadRow = typeof photoUploads.$inferSelect;

export async function insertPhotoUpload(db: Database, row: typeof photoUploads.$inferInsert): Promise<void> {
  await db.insert(photoUploads).values(row);
}

export async function findPhotoUpload(db: Database, id: string): Promise<PhotoUploadRow | undefined> {
  const [row] = await db.select().from(photoUploads).where(eq(photoUploads.id, id)).limit(1);
  return row;
}

/**
 * Marks a ticket used if it is unused and unexpired at `now`, in one statement: of two completions racing, one
 * gets the row and the other nothing.
 */
export async function claimPhotoUpload(db: Database, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(photoUploads)
    .set({ usedAt: now })
    .where(and(eq(photoUploads.id, id), isNull(photoUploads.usedAt), gt(photoUploads.expiresAt, now)))
    .returning({ id: photoUploads.id });
  return claimed.length === 1;
}

/** Tickets that expired before `before`: a late completion of one is then simply an unknown upload. */
export async function deleteExpiredPhotoUploads(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(photoUploads)
    .where(lt(photoUploads.expiresAt, before))
    .returning({ id: photoUploads.id });
  return removed.length;
}
