import type { Role } from "../../common/domain/roles";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { parsePropertyRef } from "../lib/property-ref";
import { findPropertyOwnership, type PropertyOwnership } from "../repositories/property-owner.repository";

/**
 * The property named by `ref` (id or slug) if `user` may manage it: its owner, or an admin. Anyone else
 * gets the same 404 as for a property that does not exist, so ids of other landlords' listings leak
 * nothing. Every landlord route under /api/properties/{id}/… starts here, after the landlord gate.
 */
export async function manageablePropertyOr404(
  db: Database,
  ref: string,
  user: { id: number; role: Role },
): Promise<PropertyOwnership> {
  const parsed = parsePropertyRef(ref);
  const row = parsed && (await findPropertyOwnership(db, parsed));
  if (!row || (row.ownerId !== user.id && user.role !== "admin")) throw notFound("Property not found");
  return row;
}
