import { getTableColumns, type Query, sql } from "drizzle-orm";
import type { PgTable, SelectedFieldsOrdered } from "drizzle-orm/pg-core";
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

/**
 * An insert of a table's `columns`, with every column returned, whose SQL drizzle writes once rather than on each
 * call, run on the connection `db` uses (the pool's, or a transaction's) under `name`, kept planned like runSql's.
 * Drizzle writes an insert by walking every column of the table, which for a booking cost the app more CPU than
 * the rest of the booking's statements together; a drizzle prepared query cannot help, as it belongs to the handle
 * it was built on and so cannot run inside a transaction. Columns not named take their default.
 */
export function insertWrittenOnce<TTable extends PgTable, K extends keyof TTable["$inferInsert"] & string>(
  table: TTable,
  columns: readonly K[],
  name: string,
): (db: Db, row: { [P in K]-?: TTable["$inferInsert"][P] | null }) => Promise<TTable["$inferSelect"] | undefined> {
  // Every column, in the order `returning()` lists them, for drizzle to map each row back as it would.
  const returned: SelectedFieldsOrdered = Object.entries(getTableColumns(table)).map(([key, field]) => ({
    path: [key],
    field,
  }));
  let written: Query | undefined;
  return async (db, row) => {
    if (!written) {
      const query = db
        .insert(table)
        .values(
          Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])) as TTable["$inferInsert"],
        )
        .returning()
        .toSQL();
      // A value drizzle made up while writing (a column's $defaultFn) would be sent with every row from now on.
      if (query.params.length !== columns.length) {
        throw new Error(`${name}: a column left out has a default drizzle computes; name it among the columns`);
      }
      written = query;
    }
    const rows = (await db._.session
      .prepareQuery(written, returned, name, true)
      .execute(row)) as TTable["$inferSelect"][];
    return rows[0];
  };
}
