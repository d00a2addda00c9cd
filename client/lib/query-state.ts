import type { UseQueryResult } from "@tanstack/react-query";

/** A page's one read, as the page shows it: loading, failed (with Retry) or ready. */
export type QueryPageState<T> =
  | { status: "loading" }
  | { status: "error"; retry: () => void; retrying: boolean }
  | { status: "ready"; data: T };

/** The query as a page state: pages take the state, not the query, and stay plain views. */
export function queryPageState<T>(query: UseQueryResult<T>): QueryPageState<T> {
  if (query.isPending) return { status: "loading" };
  if (query.isError) return { status: "error", retry: () => void query.refetch(), retrying: query.isFetching };
  return { status: "ready", data: query.data };
}
