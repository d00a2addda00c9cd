import { useSyncExternalStore } from "react";

const QUERY = "(min-width: 64rem)";

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/**
 * True from the `lg` breakpoint, where the manage page's sections sit in a side list (arrow keys up and
 * down) instead of a row of tabs (arrow keys left and right).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
