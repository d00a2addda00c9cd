import type { AdminPropertyStatus } from "@common/schemas/admin-properties";
import { useListParams } from "@/hooks/use-list-params";
import { isStatusFilter, type StatusFilter } from "../utils/property-status";

/**
 * Property Management's search, status filter and page, kept in the address bar. An unknown status in a link
 * reads as "all", as the filter would show it.
 */
export function usePropertyListParams() {
  const list = useListParams({ status: "all" });
  const status: StatusFilter = isStatusFilter(list.filters.status) ? list.filters.status : "all";
  const apiStatus: AdminPropertyStatus | undefined = status === "all" ? undefined : status;
  const params = new URLSearchParams();
  if (list.query) params.set("q", list.query);
  if (apiStatus) params.set("status", apiStatus);
  if (list.page > 1) params.set("page", String(list.page));
  return {
    ...list,
    status,
    /** The list's query string for the API (an unknown status is left out). */
    apiQuery: params.toString(),
    /** What Export Data exports: the search and filter, never the page. */
    exportFilters: { q: list.query, status: apiStatus },
  };
}
export type PropertyListParams = ReturnType<typeof usePropertyListParams>;
