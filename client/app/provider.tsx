import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect } from "react";
import { DeferredToaster } from "@/components/ui/deferred-toaster";
import { type ClientNavigate, ClientNavigationContext } from "@/lib/client-navigation";
import { SavedPropertyControlsProvider } from "./saved-property-controls";

/**
 * The client app's providers. `navigate` is the router's: links and pieces that sit outside the router (sign in
 * to save) change the page through it without a reload.
 */
export function AppProvider({
  queryClient,
  navigate,
  children,
}: {
  queryClient: QueryClient;
  navigate: ClientNavigate;
  children: React.ReactNode;
}) {
  useAppReadyMark();
  return (
    <QueryClientProvider client={queryClient}>
      <ClientNavigationContext value={navigate}>
        <SavedPropertyControlsProvider>{children}</SavedPropertyControlsProvider>
      </ClientNavigationContext>
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
