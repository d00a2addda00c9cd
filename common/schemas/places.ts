import { z } from "zod";

/** Most suggestions GET /api/places answers. */
export const PLACES_LIMIT = 8;

/** GET /api/places?q=: UK towns and localities whose words start with the text. */
export const ZPlacesQuery = z.strictObject({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "q must be 1 to 100 characters")
    .max(100, "q must be 1 to 100 characters"),
});
export type TPlacesQuery = z.infer<typeof ZPlacesQuery>;

export const PLACE_KINDS = ["town", "locality"] as const;

/** A town, or a locality within one (a London borough or district, a part of Manchester…). */
export const ZPlace = z.object({
  name: z.string(),
  /** The county, authority or nation it lies in; "London" for London's boroughs and districts. */
  area: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  kind: z.enum(PLACE_KINDS),
});
export type TPlace = z.infer<typeof ZPlace>;

export const ZPlacesResponse = z.object({ places: z.array(ZPlace).max(PLACES_LIMIT) });
export type TPlacesResponse = z.infer<typeof ZPlacesResponse>;

/** GET /api/config/map: where the browser's map loads its tiles from, and the credit it must show. */
export const ZMapConfig = z.object({
  /** A Leaflet tile URL template with {z}, {x} and {y} (and optionally {s} or {r}). */
  tileUrl: z.string(),
  attribution: z.string(),
});
export type TMapConfig = z.infer<typeof ZMapConfig>;
