import { boundsParam, type MapBounds } from "@common/domain/map-bounds";
import type { TMapPinsResponse } from "@common/schemas/map-search";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";
import { type PropertyFilters, propertySearchParams } from "../api/get-properties";

/** The map's query: the list's filters (without its box, paging or order) and the map's own visible box. */
export function mapPinsUrl(filters: PropertyFilters, view: MapBounds): string {
  const params = propertySearchParams({ ...filters, bbox: undefined }, 1, 1);
  params.delete("pageSize");
  params.set("bbox", boundsParam(view));
  return `/api/properties/map?${params}`;
}

/** Every pin in view; the previous pins stay on the map while the next ones load, so it never blinks empty. */
export function useMapPins(filters: PropertyFilters, view: MapBounds | null) {
  const url = view ? mapPinsUrl(filters, view) : null;
  return useQuery({
    queryKey: ["properties", "map", url],
    queryFn: ({ signal }) => getPublicJson<TMapPinsResponse>(url as string, "object", { signal }),
    enabled: url !== null,
    placeholderData: keepPreviousData,
    ...(filters.checkIn && filters.checkOut ? { staleTime: 0 } : {}),
  });
}
