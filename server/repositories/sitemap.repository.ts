import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { properties } from "../db/schema";

/** Listings the public can open: active ones (a removed or deactivated listing is not). */
const listed = eq(properties.isActive, true);

export async function countListedProperties(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(listed);
  return row?.n ?? 0;
}

/** One file's worth of listings, in id order so the split is stable between requests. */
export async function listedPropertiesPage(db: Database, offset: number, limit: number) {
  return db
    .select({ slug: properties.slug, updatedAt: properties.updatedAt })
    .from(properties)
    .where(listed)
    .orderBy(asc(properties.id))
    .offset(offset)
    .limit(limit);
}
