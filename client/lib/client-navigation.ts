import { createContext, use } from "react";

export type ClientNavigate = (path: string, options?: { replace?: boolean }) => void;

/**
 * How the site moves the visitor on. Inside the signed-in app the client router changes the page without a reload;
 * on a public page sent as finished HTML there is no router, and the browser loads the next page (null).
 */
export const ClientNavigationContext = createContext<ClientNavigate | null>(null);

/** Sends the visitor to `path`: through the client router when there is one, else as an ordinary page load. */
export function useSiteNavigate(): ClientNavigate {
  const navigate = use(ClientNavigationContext);
  return (
    navigate ?? ((path, options) => (options?.replace ? window.location.replace(path) : window.location.assign(path)))
  );
}

/** Whether `pathname` is the page a navigation link leads to: exactly, or (unless `end`) a page beneath it. */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  if (pathname === to) return true;
  return !end && to !== "/" && pathname.startsWith(`${to}/`);
}
