import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { propertyKeys } from "../public/api/get-properties";

/**
 * Where the reads that show a listing sit, by who reads them: guests' lists, listing pages and quotes; the owner's
 * lists and figures; the analytics pages; the dashboard's panels; every admin read. A change to a listing refreshes
 * those that can show it.
 */
export const PROPERTY_READ_ROOTS = {
  // Guests' reads keep their own keys, so the public pages do not carry this table.
  public: propertyKeys.all,
  landlord: ["landlord"],
  analytics: ["analytics"],
  dashboard: ["dashboard"],
  admin: ["admin"],
} as const;

/** Marks every read under these keys stale, so what is on screen reads again; resolves once it has. */
export async function refreshReads(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
