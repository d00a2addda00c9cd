import type * as React from "react";
import { createContext, use, useId } from "react";

/**
 * Collects the islands of a page the server sends as finished HTML. Each is drawn on its own afterwards, as the
 * root the browser will hydrate, so the two trees match exactly (ids included).
 */
export type IslandCollector = {
  /** The island's slot number in the page; the same for every render of one island. */
  slotFor(id: string, island: CollectedIsland): number;
};
export type CollectedIsland = {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: the collector holds islands of every shape; each was checked where it was placed
  Component: React.ComponentType<any>;
  props: object;
};

const IslandCollectorContext = createContext<IslandCollector | null>(null);
export const IslandCollectorProvider = IslandCollectorContext.Provider;

export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
export const ISLAND_SLOT_ATTRIBUTE = "data-island-slot";

/**
 * Each island is a root of its own, and React numbers `useId` per root: without a prefix of its own, two islands'
 * ids would be the same, and a label or heading in one would name an element in the other.
 */
export const islandIdPrefix = (slot: number | string) => `island${slot}-`;

/**
 * Makes `Component` an island: on a page sent as finished HTML it is the only part the browser runs (hydrated by
 * name, from the props written beside it, which must be plain JSON). Anywhere else, inside the client app, it is
 * simply the component. Islands take no router: what they need of the address comes in their props.
 */
export function defineIsland<P extends object>(name: string, Component: React.ComponentType<P>) {
  function IslandBoundary(props: P) {
    const collector = use(IslandCollectorContext);
    const id = useId();
    if (!collector) return <Component {...props} />;
    const slot = collector.slotFor(id, { name, Component, props });
    return (
      <div
        className="contents"
        {...{
          [ISLAND_ATTRIBUTE]: name,
          [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
          [ISLAND_SLOT_ATTRIBUTE]: slot,
        }}
      />
    );
  }
  IslandBoundary.displayName = `Island(${name})`;
  return IslandBoundary;
}
