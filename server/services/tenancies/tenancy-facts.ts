import type { Actor } from "../../access/records";
import type { Db } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { auditLabel } from "../../lib/person-names";
import { findTenancy, type TenancyRow } from "../../repositories/tenant-rights.repository";
import type { UserRow } from "../../repositories/users.repository";

/** Someone acting on a tenancy, as the access module and the audit log know them. */
export type TenancyActor = Actor & Pick<UserRow, "email" | "firstName" | "lastName">;

export const auditActor = (user: TenancyActor) => ({ id: user.id, label: auditLabel(user) });

/** The booking as a tenancy, or the 404 of a booking that does not exist. */
export async function tenancyOr404(db: Db, bookingId: number): Promise<TenancyRow> {
  const tenancy = await findTenancy(db, bookingId);
  if (!tenancy) throw notFound("Booking not found");
  return tenancy;
}

/** A tenancy's rights exist only on a tenancy: a short or mid let gets a 409 that says so. */
export function requireTenancy(tenancy: TenancyRow): void {
  if (tenancy.stay_mode !== "tenancy") {
    throw new ConflictError(
      "This booking is not a tenancy: rent increases, pet requests and the statement of terms are a tenancy's.",
    );
  }
}

export const partiesOf = (tenancy: TenancyRow) => ({ guestId: tenancy.guest_id, ownerId: tenancy.owner_id });
