import type pg from "pg";
import type { Database } from "../../server/db/client";

/**
 * Waits (polling the database) until `count` sessions of this database wait on a lock; fails after `timeoutMs`
 * when nobody does, which is what a test of a missing lock sees.
 */
export async function untilWaitingForLocks(db: Database, count = 1, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`no ${count} session(s) waited on a lock within ${timeoutMs} ms`);
    const { rows } = await db.$client.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A transaction left open after `work`, as a change in flight would be, holding whatever locks `work` took; the
 * test commits it when the racing request is waiting.
 */
export async function openTransaction(db: Database, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await db.$client.connect();
  await client.query("begin");
  await work(client);
  return {
    commit: async () => {
      await client.query("commit");
      client.release();
    },
  };
}
