import { ZMapConfig } from "@common/schemas/places";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** Where tiles come from (MAP_TILE_URL) and the credit to show (MAP_ATTRIBUTION): read once per visit. */
export function useMapConfig() {
  return useQuery({
    queryKey: ["config", "map"],
    queryFn: ({ signal }) => getJson("/api/config/map", ZMapConfig, { signal }),
  });
}
