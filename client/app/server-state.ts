import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import type { HydrationState } from "react-router";
import { ApiError, isApiError } from "@/lib/api-client";
import { SERVER_STATE_ELEMENT_ID } from "./server-page";

/**
 * What a server-rendered page hands to the browser beside its HTML: the router's state and the answers
 * the page was drawn from, so the browser hydrates without asking the server again.
 */
export type ServerState = { router: HydrationState; queries: DehydratedState };

type SentError = { apiError: { status: number; body: string } };

/**
 * The query cache as JSON for the page. A refusal the page shows (a listing that does not exist) is kept
 * as its status and body, as an Error would not survive JSON; any other failure is left for the browser
 * to ask again. '<' is escaped so no text in the data can end the script element early.
 */
export function serverStateJson(router: HydrationState, queryClient: QueryClient): string {
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === "success" || isApiError(query.state.error),
  });
  for (const query of queries.queries) {
    const error = query.state.error;
    if (isApiError(error)) {
      (query.state as { error: unknown }).error = { apiError: { status: error.status, body: error.body } };
    }
  }
  const state: ServerState = { router, queries };
  return JSON.stringify(state).replace(/</g, "\\u003c");
}

/** The state a server-rendered page carries, put into the query cache; null on a page drawn in the browser. */
export function takeServerState(queryClient: QueryClient): HydrationState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  const state = JSON.parse(element.textContent) as ServerState;
  for (const query of state.queries.queries) {
    const sent = query.state.error as SentError | null;
    if (sent && typeof sent === "object" && "apiError" in sent) {
      (query.state as { error: unknown }).error = new ApiError(sent.apiError.status, sent.apiError.body, "");
    }
  }
  hydrate(queryClient, state.queries);
  return state.router;
}
