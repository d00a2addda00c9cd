import { createContext, use } from "react";

/** `state` travels with the visit, as the router's location state (or, across a page load, see takeCarriedState). */
export type ClientNavigate = (path: string, options?: { replace?: boolean; state?: unknown }) => void;

/** Where a page load's carried state waits for the next page, in this tab only. */
const CARRIED_STATE_KEY = "staylondon.carried-state";

/**
 * How the site moves the visitor on. Inside the signed-in app the client router changes the page without a reload;
 * on a public page sent as finished HTML there is no router, and the browser loads the next page (null).
 */
export const ClientNavigationContext = createContext<ClientNavigate | null>(null);

/** Sends the visitor to `path`: through the client router when there is one, else as an ordinary page load. */
export function useSiteNavigate(): ClientNavigate {
  const navigate = use(ClientNavigationContext);
  return navigate ?? loadPage;
}

function loadPage(path: string, options?: { replace?: boolean; state?: unknown }) {
  if (options?.state !== undefined) {
    try {
      sessionStorage.setItem(CARRIED_STATE_KEY, JSON.stringify({ path, state: options.state }));
    } catch {
      // Storage may be off (private mode, a full quota): the next page opens without what it was told.
    }
  }
  if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
}

/**
 * The state a page load was sent with from a page without the client router (what the router's location state holds
 * otherwise), once: only on the page it was sent to, and removed when read.
 */
export function takeCarriedState(pathname: string): unknown {
  try {
    const carried = sessionStorage.getItem(CARRIED_STATE_KEY);
    if (carried === null) return undefined;
    sessionStorage.removeItem(CARRIED_STATE_KEY);
    const { path, state } = JSON.parse(carried) as { path: string; state: unknown };
    return new URL(path, window.location.origin).pathname === pathname ? state : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pathname` is the page a navigation link leads to: exactly, or (unless `end`) a page beneath it. */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  if (pathname === to) return true;
  return !end && to !== "/" && pathname.startsWith(`${to}/`);
}

/** A click that follows a link in place: not one asking for a new tab or window, which is left to the browser. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
