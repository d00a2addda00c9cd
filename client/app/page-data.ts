import type { QueryClient } from "@tanstack/react-query";
import { createContext, RouterContextProvider } from "react-router";

/**
 * What a page's loader works with. The server waits for a public page's data so the HTML carries it;
 * the browser only starts the requests as the page's code loads, and the page shows its own loading
 * state until they answer.
 */
export type PageData = { queryClient: QueryClient; waitForData: boolean };

const pageDataContext = createContext<PageData>();

export function pageDataContextFor(value: PageData): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(pageDataContext, value);
  return context;
}

/** The PageData of a loader's `context` argument (loaders' context is typed loosely without middleware). */
export function pageDataOf(context: unknown): PageData {
  return (context as RouterContextProvider).get(pageDataContext);
}

/** Starts the requests; on the server, also waits for them (a prefetch never throws). */
export async function startOrWait(data: PageData, requests: Array<Promise<unknown>>): Promise<void> {
  if (data.waitForData) await Promise.all(requests);
}
