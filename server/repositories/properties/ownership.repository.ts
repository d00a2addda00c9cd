import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { properties } from "../../db/schema";

/** Who owns a property and its state, for the landlord routes' access check (services/property-access.ts). */
export async function findPropertyOwnership(db: Database | Tx, ref: { id: number } | { slug: string }) {
  const [row] = await db
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      title: properties.title,
      isActive: properties.isActive,
      underMaintenance: properties.underMaintenance,
    })
    .from(properties)
    .where("id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug))
    .limit(1);
  return row ?? null;
}
export type PropertyOwnership = NonNullable<Awaited<ReturnType<typeof findPropertyOwnership>>>;
