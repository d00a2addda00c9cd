import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster once the browser is idle, or at once when a toast is raised before that, so the toast
 * code is not part of the initial download. `toast()` itself is tiny and works from the first render.
 *
 * `onFirstToast` waits for a toast instead: on a public page few visits raise one, and the toaster's 14 KB would
 * otherwise be fetched and run in a phone's first seconds on every visit. Radix announces each toast through a live
 * region it makes as the toast opens, so a toaster mounted late is still heard.
 */
export function DeferredToaster({ onFirstToast = false }: { onFirstToast?: boolean }) {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (onFirstToast) return;
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, [onFirstToast]);

  const [raised, setRaised] = useState(false);
  if (toasts.length > 0 && !raised) setRaised(true);
  if (!idle && !raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
