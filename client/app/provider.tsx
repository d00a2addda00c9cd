import { QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { DeferredToaster } from "@/components/ui/deferred-toaster";
import { queryClient } from "@/lib/query-client";

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
