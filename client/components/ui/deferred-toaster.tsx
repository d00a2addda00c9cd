import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster once the browser is idle, or at once when a toast is raised before that, so the toast
 * code is not part of the initial download. `toast()` itself is tiny and works from the first render.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
