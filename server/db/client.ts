import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction in progress: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either: a repository function that works inside or outside a transaction takes a `Db`. */
export type Db = Database | Tx;

// Stay dates are calendar days: keep PostgreSQL `date` as 'YYYY-MM-DD' strings, never JS Dates in a timezone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the app.
  pool.on("error", () => {});
  return drizzle(pool, { schema, casing: "snake_case" });
}
