import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { takeServerState } from "@/app/server-state";
import { queryClient } from "@/lib/query-client";
import type { IslandData } from "./providers";

/**
 * The page's one query cache around every island, filled with the answers the page was drawn from, so islands share
 * the session and ask nothing again. Taken once per page.
 */
export function queryData(): IslandData {
  takeServerState(queryClient);
  return cacheAround(queryClient);
}

/** Islands inside `client`: the browser's cache, or the one the server draws a page from (the trees must match). */
export function cacheAround(client: QueryClient): IslandData {
  return { provide: (island) => <QueryClientProvider client={client}>{island}</QueryClientProvider> };
}
