import { ZAuditLogEntry } from "@common/schemas/audit-logs";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getPage } from "@/lib/api-client";

/** Starts with the admin area's key, so anything that refreshes every admin read refreshes this too. */
export const systemLogsKeys = {
  all: ["admin", "system-logs"] as const,
  page: (apiQuery: string) => ["admin", "system-logs", apiQuery] as const,
};

/** GET /api/admin/system-logs: one page of entries and the match count. */
export function systemLogsQueryOptions(apiQuery: string) {
  return queryOptions({
    queryKey: systemLogsKeys.page(apiQuery),
    queryFn: ({ signal }) =>
      getPage(`/api/admin/system-logs${apiQuery ? `?${apiQuery}` : ""}`, ZAuditLogEntry, { signal }),
    // A log is read for what just happened: never a copy from earlier in the visit.
    staleTime: 0,
    retry: false,
    // The previous page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}
