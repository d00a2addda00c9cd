import { QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { DeferredToaster } from "@/components/ui/deferred-toaster";
import { queryClient } from "@/lib/query-client";
import { SavedPropertyControlsProvider } from "./saved-property-controls";

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SavedPropertyControlsProvider>{children}</SavedPropertyControlsProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
