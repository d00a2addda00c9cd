import { lazy, Suspense, useSyncExternalStore } from "react";
import type { SearchMapProps } from "./search-map";

/** Leaflet, supercluster and the map itself come down only when a map is on screen. */
const SearchMap = lazy(() => import("./search-map"));

/** Where the browse page puts the map beside the list instead of behind the List / Map switch. */
const BESIDE_LIST = "(min-width: 1024px)";

function subscribeBesideList(onChange: () => void) {
  const list = window.matchMedia(BESIDE_LIST);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** The browse map, mounted only when on screen: beside the list on a wide screen, or when a phone switches to it. */
export function BrowseMapPanel({ chosen, ...props }: SearchMapProps & { chosen: boolean }) {
  const besideList = useSyncExternalStore(
    subscribeBesideList,
    () => window.matchMedia(BESIDE_LIST).matches,
    () => false,
  );
  if (!besideList && !chosen) return null;
  return (
    <Suspense fallback={<div className="size-full animate-pulse rounded-2xl bg-secondary" />}>
      <SearchMap {...props} />
    </Suspense>
  );
}
