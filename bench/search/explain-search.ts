import { ZPropertySearchQuery } from "../../common/schemas/properties";
import type { Database } from "../../server/db/client";
import {
  countQuery,
  findPlaces,
  matchPlaces,
  searchQuery,
} from "../../server/repositories/properties/listings.repository";

/**
 * Prints EXPLAIN ANALYZE of the search's page and count statements for each case (a label and its query string
 * fields), as the service builds them; with `only`, just the cases whose label holds it.
 */
export async function explainSearches(
  db: Database,
  cases: Record<string, Record<string, string>>,
  only?: string,
  print: (line: string) => void = console.log,
) {
  for (const [label, raw] of Object.entries(cases)) {
    if (only && !label.includes(only)) continue;
    const query = ZPropertySearchQuery.parse(raw);
    // As the service does: the city text is first resolved to the exact places it matches.
    const places = query.city ? matchPlaces(await findPlaces(db), query.city) : undefined;
    for (const [part, statement] of [
      ["page", searchQuery(db, query, places)],
      ["count", countQuery(db, query, places)],
    ] as const) {
      const { sql: text, params } = statement.toSQL();
      // Warm once, then measure.
      await db.$client.query(text, params);
      const plan = await db.$client.query(`explain (analyze, buffers, costs off) ${text}`, params);
      print(`== ${label} (${part})`);
      for (const row of plan.rows) print(row["QUERY PLAN"]);
      print("");
    }
  }
}
