import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect } from "react";

/**
 * What every island sits in, on the server and in the browser alike (the trees must match): the page's one
 * query cache, which the server's answers fill, so islands share the session and ask nothing again.
 */
export function IslandProviders({
  queryClient,
  onHydrated,
  children,
}: {
  queryClient: QueryClient;
  onHydrated?: () => void;
  children: React.ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {onHydrated ? <HydratedSignal onHydrated={onHydrated} /> : null}
    </QueryClientProvider>
  );
}

/** Renders nothing; its effect runs once the island around it has been taken over. */
function HydratedSignal({ onHydrated }: { onHydrated: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island has hydrated
  useEffect(onHydrated, []);
  return null;
}
