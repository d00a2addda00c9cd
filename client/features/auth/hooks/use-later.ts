import { useCallback, useEffect, useRef } from "react";

/**
 * `later(ms, fn)` runs fn after ms unless the component has unmounted by then, so a delayed tab switch or
 * redirect never fires on a page the user has already left.
 */
export function useLater(): (ms: number, fn: () => void) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback((ms, fn) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);
}
