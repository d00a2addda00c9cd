import { QueryClientProvider } from "@tanstack/react-query";
import { takeServerState } from "@/app/server-state";
import { queryClient } from "@/lib/query-client";
import type { IslandData } from "./providers";

/**
 * The page's one query cache around every island, filled with the answers the page was drawn from, so islands share
 * the session and ask nothing again. Taken once per page.
 */
export function queryData(): IslandData {
  takeServerState(queryClient);
  return { provide: (island) => <QueryClientProvider client={queryClient}>{island}</QueryClientProvider> };
}
