import { z } from "zod";
import { type MapBounds, mapBoundsProblem, parseBoundsParam } from "../domain/map-bounds";

/**
 * `bbox=west,south,east,north` in decimal degrees: the map's visible area. Refused with a 400 saying why when it is
 * not four numbers, out of range, upside down, across the antimeridian or larger than a country's map needs.
 */
export const ZBoundingBox = z.string().transform((text, ctx): MapBounds => {
  const bounds = parseBoundsParam(text);
  if (!bounds) {
    ctx.addIssue({ code: "custom", message: "bbox must be four decimal numbers: west,south,east,north" });
    return z.NEVER;
  }
  const problem = mapBoundsProblem(bounds);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return bounds;
});
