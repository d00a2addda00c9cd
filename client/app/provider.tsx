import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect } from "react";
import { DeferredToaster } from "@/components/ui/deferred-toaster";
import { SavedPropertyControlsProvider } from "./saved-property-controls";

/** `navigate`: for pieces that sit outside the router but send the visitor somewhere (sign in to save). */
export function AppProvider({
  queryClient,
  navigate,
  children,
}: {
  queryClient: QueryClient;
  navigate: (path: string) => void;
  children: React.ReactNode;
}) {
  useAppReadyMark();
  return (
    <QueryClientProvider client={queryClient}>
      <SavedPropertyControlsProvider navigate={navigate}>{children}</SavedPropertyControlsProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}

/**
 * Marks the document once the app has taken the page over: a server-drawn page is readable earlier but
 * its buttons only work from then on. Browser tests wait for the mark before they press anything.
 */
function useAppReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "";
  }, []);
}
