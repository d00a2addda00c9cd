import type { UseQueryResult } from "@tanstack/react-query";

/** A page's one read, as the page shows it: loading, failed (with Retry) or ready. */
export type QueryPageState<T> =
  | { status: "loading" }
  | { status: "error"; retry: () => void; retrying: boolean }
  | { status: "ready"; data: T };

/**
 * Retry on a landlord page whose load failed reloads the page. A fresh start also recovers from
 * what a refetch cannot (files of a newer deployment, a session that ended).
 */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * The query as a page state: pages take the state, not the query, and stay plain views. A page's own read
 * retries by reloading; a secondary panel on a page that did load ("refetch") only fetches again.
 */
export function queryPageState<T>(query: UseQueryResult<T>, retry: "reload" | "refetch" = "reload"): QueryPageState<T> {
  if (query.isPending) return { status: "loading" };
  if (query.isError) {
    return retry === "reload"
      ? { status: "error", retry: reloadPage, retrying: false }
      : { status: "error", retry: () => void query.refetch(), retrying: query.isFetching };
  }
  return { status: "ready", data: query.data };
}
