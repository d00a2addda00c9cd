import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tenancies } from "../../db/schema";

/**
 * The rent due for the period of a tenancy that begins on `periodStart`, in pence. The one place that answers it: the
 * first payment at agreement, each month's collection and every page showing the next rent ask here. For now it is the
 * monthly rent agreed when the tenancy began, read afresh so a changed agreed rent applies from the next period asked.
 */
export async function rentForPeriod(
  db: Db,
  tenancy: { id: number; startsOn: string },
  periodStart: string,
): Promise<number> {
  if (periodStart < tenancy.startsOn) throw new RangeError("A rent period cannot begin before its tenancy");
  const [row] = await db
    .select({ pence: tenancies.monthlyRentPence })
    .from(tenancies)
    .where(eq(tenancies.id, tenancy.id));
  if (!row) throw new Error(`no tenancy ${tenancy.id}`);
  return row.pence;
}
