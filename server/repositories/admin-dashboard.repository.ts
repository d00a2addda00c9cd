import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * The admin dashboard's counts in one round trip. Each is a separate scalar subquery so each can use its own
 * index; revenue is summed in pence to stay exact. (Bookings are counted by their tallies.)
 */
export async function countPlatform(db: Database, month: { from: string; to: string }, activeSince: Date) {
  const result = await db.execute<{
    total_users: number;
    active_users: number;
    total_properties: number;
    listed_properties: number;
    revenue_pence: string;
    landlord_approvals: number;
  }>(sql`
    select
      (select count(*)::int from users) as total_users,
      (select count(*)::int from users where last_seen_at >= ${activeSince}) as active_users,
      (select count(*)::int from properties) as total_properties,
      (select count(*)::int from properties where is_active) as listed_properties,
      (select coalesce(sum(round(total_price * 100)), 0)::text from bookings
        where status in ('confirmed', 'completed') and check_in >= ${month.from}::date and check_in < ${month.to}::date
      ) as revenue_pence,
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
    revenuePence: Number(row.revenue_pence),
    landlordApprovals: row.landlord_approvals,
  };
}

/** The database answers, and which server it is. */
export async function pingDatabase(db: Database): Promise<{ version: string }> {
  const result = await db.execute<{ version: string }>(sql`select current_setting('server_version') as version`);
  return { version: result.rows[0]?.version ?? "unknown" };
}
