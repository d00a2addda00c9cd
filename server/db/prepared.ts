import type { QueryResultRow } from "pg";
import type { Database, Db } from "./client";

/**
 * Statements every booking (or every signed-in request) sends are kept parsed and planned by PostgreSQL, on each
 * connection, under a name: planning the booking's read of its listing took longer than running it, and under load
 * planning was a third of the database's work per booking. Named statements belong to a connection, which is why
 * PgBouncer, if used, must pool sessions (docs/deploy.md), as the change feed already requires.
 *
 * Only statements whose plan does not depend on the values they are given belong here: a listing's own rows, by id.
 * A search, whose best plan depends on the area and dates asked, is planned afresh each time.
 */

/**
 * The prepared form of a drizzle query, built once per database handle (a test app or the server has its own): the
 * SQL text is then written once, not on every request, and the statement's name is sent instead of its text.
 */
export function preparedFor<P>(build: (db: Database) => P): (db: Database) => P {
  const built = new WeakMap<Database, P>();
  return (db) => {
    let prepared = built.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}

/**
 * Runs SQL `text` with its `values` on the connection `db` uses: the pool's, or the transaction's own. With a `name`,
 * as the prepared statement of that name, planned once per connection; one name is one text, always
 * (node-postgres refuses a name reused for another text). Without, it is planned each time.
 */
export async function runSql<R extends QueryResultRow>(
  db: Db,
  text: string,
  values: unknown[],
  name?: string,
): Promise<R[]> {
  const result = (await db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false).execute()) as {
    rows: R[];
  };
  return result.rows;
}
