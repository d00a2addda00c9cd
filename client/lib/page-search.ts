import { createContext, use, useCallback, useMemo, useSyncExternalStore } from "react";

/** Rewrites the page's query in place (no new history entry, no scroll): what the visitor chose stays in the link. */
export type SetPageSearch = (next: (previous: URLSearchParams) => URLSearchParams) => void;
export type PageSearch = readonly [URLSearchParams, SetPageSearch];

/**
 * The client router's query, when there is a router: inside the app the router owns the address, and writing it
 * behind the router's back would leave its other readers on the old one.
 */
export const PageSearchContext = createContext<PageSearch | null>(null);

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

/** Calls `listener` whenever the page's query changes (rewritten by a part of the page, or by back and forward). */
export function onPageSearchChange(listener: () => void): () => void {
  return subscribe(listener);
}

function replaceSearch(next: (previous: URLSearchParams) => URLSearchParams) {
  const query = next(new URLSearchParams(window.location.search)).toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
  window.history.replaceState(window.history.state, "", url);
  for (const listener of listeners) listener();
}

/**
 * The page's query and a way to rewrite it, with or without the client router. `serverSearch` is the query the
 * page was drawn with: an island hydrates from it, so its first render matches the server's HTML.
 */
export function usePageSearch(serverSearch: string): PageSearch {
  const routed = use(PageSearchContext);
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => serverSearch,
  );
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetPageSearch>((next) => replaceSearch(next), []);
  return routed ?? [params, set];
}
