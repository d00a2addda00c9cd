import { MAX_BOUNDS_HEIGHT_DEGREES, MAX_BOUNDS_WIDTH_DEGREES, type MapBounds } from "@common/domain/map-bounds";

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/**
 * The map's view as a box the server will search: inside the world's edges (a zoomed-out map may show more than one
 * world) and, on a very large screen, no larger than one search may be, kept around the view's centre.
 */
export function fitWithinSearchLimits(view: MapBounds): MapBounds {
  const west = clamp(view.west, -180, 180);
  const east = clamp(view.east, -180, 180);
  const south = clamp(view.south, -90, 90);
  const north = clamp(view.north, -90, 90);
  if (east - west <= MAX_BOUNDS_WIDTH_DEGREES && north - south <= MAX_BOUNDS_HEIGHT_DEGREES) {
    return { west, south, east, north };
  }
  const halfWidth = Math.min(east - west, MAX_BOUNDS_WIDTH_DEGREES) / 2;
  const halfHeight = Math.min(north - south, MAX_BOUNDS_HEIGHT_DEGREES) / 2;
  const midLng = (west + east) / 2;
  const midLat = (south + north) / 2;
  return {
    west: midLng - halfWidth,
    south: midLat - halfHeight,
    east: midLng + halfWidth,
    north: midLat + halfHeight,
  };
}
