/** A map's visible area in decimal degrees: what a bounding-box search is limited to. */
export type MapBounds = { west: number; south: number; east: number; north: number };

/**
 * The widest and tallest area one search may cover. Wider than any UK map view (Great Britain and Ireland fit in
 * about 16 by 12 degrees), so only a hand-made or broken request meets it; it keeps the index selective.
 */
export const MAX_BOUNDS_WIDTH_DEGREES = 40;
export const MAX_BOUNDS_HEIGHT_DEGREES = 25;

/** The map answers at most this many pins; past it the answer says it is capped and the visitor zooms in. */
export const MAP_PIN_CAP = 2000;

/** Why a box cannot be searched, in words a developer reading a 400 understands; null when it can. */
export function mapBoundsProblem(bounds: MapBounds): string | null {
  const { west, south, east, north } = bounds;
  if (west < -180 || east > 180 || west > 180 || east < -180) return "bbox: longitudes must be between -180 and 180";
  if (south < -90 || north > 90 || south > 90 || north < -90) return "bbox: latitudes must be between -90 and 90";
  if (south > north) return "bbox: south must not be above north (the order is west,south,east,north)";
  if (west > east) {
    return "bbox: west is east of east, a box across the antimeridian; StayLondon searches the UK, so send west < east";
  }
  if (east - west > MAX_BOUNDS_WIDTH_DEGREES || north - south > MAX_BOUNDS_HEIGHT_DEGREES) {
    return `bbox: at most ${MAX_BOUNDS_WIDTH_DEGREES} degrees wide and ${MAX_BOUNDS_HEIGHT_DEGREES} tall; zoom in`;
  }
  return null;
}

/** "west,south,east,north" with at most 6 decimals (about 10 cm): short, stable URLs and cache keys. */
export function boundsParam(bounds: MapBounds): string {
  const round = (n: number) => String(Number(n.toFixed(6)));
  return [bounds.west, bounds.south, bounds.east, bounds.north].map(round).join(",");
}

const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;

/** The four numbers of a bbox parameter, or null when it is not four plain decimals. */
export function parseBoundsParam(text: string): MapBounds | null {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => DECIMAL.test(part))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  return { west, south, east, north };
}
