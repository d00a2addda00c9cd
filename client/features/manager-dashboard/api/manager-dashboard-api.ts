import { ZManagedPropertySummaries } from "@common/schemas/property-management";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/**
 * The manager dashboard's reads. Keys start with "managed", which a change to a job also refreshes (the cards'
 * open-maintenance counts).
 */
export const managerKeys = {
  properties: ["managed", "properties"] as const,
};

/** GET /api/properties/managed: the properties assigned to the manager now, with this month's figures. */
export const managedPropertiesQueryOptions = queryOptions({
  queryKey: managerKeys.properties,
  queryFn: ({ signal }) => getJson("/api/properties/managed", ZManagedPropertySummaries, { signal }),
  retry: false,
});
