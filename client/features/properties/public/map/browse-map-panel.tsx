import {
  MAX_BOUNDS_HEIGHT_DEGREES,
  MAX_BOUNDS_WIDTH_DEGREES,
  type MapBounds,
  parseBoundsParam,
} from "@common/domain/map-bounds";
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

/**
 * The area a shared link searches (`bbox` in the URL). A box the server would refuse (mapBoundsProblem, whose
 * messages stay out of the page's first download) is ignored, so an edited link still lists homes.
 */
export function searchedAreaIn(params: URLSearchParams): MapBounds | null {
  const b = parseBoundsParam(params.get("bbox") ?? "");
  const fits =
    b &&
    b.west >= -180 &&
    b.east <= 180 &&
    b.south >= -90 &&
    b.north <= 90 &&
    b.west <= b.east &&
    b.south <= b.north &&
    b.east - b.west <= MAX_BOUNDS_WIDTH_DEGREES &&
    b.north - b.south <= MAX_BOUNDS_HEIGHT_DEGREES;
  return fits ? b : null;
}

/** The URL's area as the search sends it, or nothing. */
export function areaFilter(params: URLSearchParams): string | undefined {
  return searchedAreaIn(params) ? (params.get("bbox") ?? undefined) : undefined;
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
