import { ZMyProperties } from "@common/schemas/landlord-properties";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** The shared key: adding, editing or answering a booking invalidates ["landlord"], which refreshes this list. */
export const myPropertiesKey = ["landlord", "properties"] as const;

/** GET /api/properties/my-properties: the signed-in landlord's properties with their booking figures. */
export function useMyProperties(enabled: boolean) {
  return useQuery({
    queryKey: myPropertiesKey,
    queryFn: ({ signal }) => getJson("/api/properties/my-properties", ZMyProperties, { signal }),
    enabled,
  });
}
