import { z } from "zod";
import { MAP_PIN_CAP } from "../domain/map-bounds";
import { refineSearch, ZPropertySearchFields } from "./properties";

/**
 * One pin: [listing id, latitude, longitude, all-in nightly price in pence, title]. Compact, so thousands ride in one
 * answer; the title is there because a pin is a button whose name says what it opens ("£245 a night, Canal Loft").
 */
export const ZMapPin = z.tuple([z.number().int(), z.number(), z.number(), z.number().int(), z.string()]);
export type TMapPin = z.infer<typeof ZMapPin>;

/** GET /api/properties/map: every matching pin in the box, up to MAP_PIN_CAP; `capped` when there were more. */
export const ZMapPinsResponse = z.object({ pins: z.array(ZMapPin), capped: z.boolean() });
export type TMapPinsResponse = z.infer<typeof ZMapPinsResponse>;

/**
 * Query of GET /api/properties/map: the search's filters and a required bbox. Paging and sort do not apply (the map
 * wants every pin in view), so they are refused like any unknown parameter.
 */
export const ZPropertyMapQuery = ZPropertySearchFields.omit({ page: true, pageSize: true, sort: true })
  .extend({ bbox: ZPropertySearchFields.shape.bbox.unwrap() })
  .superRefine(refineSearch);
export type TPropertyMapQuery = z.infer<typeof ZPropertyMapQuery>;

export { MAP_PIN_CAP };
