import { type Column, type SQL, sql, type Table } from "drizzle-orm";

/**
 * The table's columns named by an entity's key list, ready for `select`: the same list that picks the answer's
 * schema (common/entities) picks what is read, so a field shown in an answer is never left out of the query.
 */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  keys: readonly K[],
): { [P in K]: T["_"]["columns"][P] } {
  const columns = table as unknown as Record<string, Column>;
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as { [P in K]: T["_"]["columns"][P] };
}

/** A timestamp column as the ISO text answers carry ("2026-03-02T10:00:00.000Z"), formatted by the database. */
export const isoTimeOf = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
