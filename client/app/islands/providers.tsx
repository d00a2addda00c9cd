import type * as React from "react";
import { useEffect } from "react";

/**
 * What an island's data comes through: on the server and for most pages, the page's query cache; a page whose
 * islands read no data (a signed-out visitor's header) goes without, and so without the cache's code. Providers
 * draw nothing, so an island hydrates over the server's markup either way.
 */
export type IslandData = { provide: (island: React.ReactNode) => React.ReactNode };

/** What every island sits in, on the server and in the browser alike. */
export function IslandProviders({
  data,
  onHydrated,
  children,
}: {
  data: IslandData | null;
  onHydrated?: () => void;
  children: React.ReactNode;
}) {
  const island = (
    <>
      {children}
      {onHydrated ? <HydratedSignal onHydrated={onHydrated} /> : null}
    </>
  );
  return data ? data.provide(island) : island;
}

/** Renders nothing; its effect runs once the island around it has been taken over. */
function HydratedSignal({ onHydrated }: { onHydrated: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island has hydrated
  useEffect(onHydrated, []);
  return null;
}
