import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * The admin dashboard's counts in one round trip. Each is a separate scalar subquery so each can use its own
 * index. (Bookings are counted by their tallies; revenue is read from the ledger's daily stay figures by monthRevenue.)
 */
export async function countPlatform(db: Database, activeSince: Date) {
  const result = await db.execute<{
    total_users: number;
    active_users: number;
    total_properties: number;
    listed_properties: number;
    landlord_approvals: number;
  }>(sql`
    select
      (select count(*)::int from users) as total_users,
      (select count(*)::int from users where last_seen_at >= ${activeSince}) as active_users,
      (select count(*)::int from properties) as total_properties,
      (select count(*)::int from properties where is_active) as listed_properties,
      (select count(*)::int from users where role = 'landlord' and not is_approved and not is_frozen)
        as landlord_approvals
  `);
  const row = result.rows[0];
  if (!row) throw new Error("the platform counts returned no row");
  return {
    totalUsers: row.total_users,
    activeUsers: row.active_users,
    totalProperties: row.total_properties,
    listedProperties: row.listed_properties,
    landlordApprovals: row.landlord_approvals,
  };
}

/**
 * What guests were charged for stays checking in in [from, to), less refunds, from the ledger (through the daily stay figures, which the caller folds first): pence collected,
 * expected (owed, not yet paid) and demo (no card charged).
 */
export async function monthRevenue(db: Database, month: { from: string; to: string }) {
  // A stay never charged has no money in the figures, so every status may be summed.
  const result = await db.execute<{ collected: number; expected: number; demo: number }>(sql`
    select
      coalesce(sum(gross_pence) filter (where settlement = 'collected'), 0)::float8 as collected,
      coalesce(sum(gross_pence) filter (where settlement = 'expected'), 0)::float8 as expected,
      coalesce(sum(gross_pence) filter (where settlement = 'demo'), 0)::float8 as demo
    from stay_figures_daily
    where check_in >= ${month.from}::date and check_in < ${month.to}::date`);
  const row = result.rows[0];
  return { collected: row?.collected ?? 0, expected: row?.expected ?? 0, demo: row?.demo ?? 0 };
}

/** The database answers, and which server it is. */
export async function pingDatabase(db: Database): Promise<{ version: string }> {
  const result = await db.execute<{ version: string }>(sql`select current_setting('server_version') as version`);
  return { version: result.rows[0]?.version ?? "unknown" };
}
