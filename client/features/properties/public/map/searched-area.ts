import {
  MAX_BOUNDS_HEIGHT_DEGREES,
  MAX_BOUNDS_WIDTH_DEGREES,
  type MapBounds,
  parseBoundsParam,
} from "@common/domain/map-bounds";

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
