import { type TAddCalendarFeed, ZCalendarExport, ZCalendarFeed, ZCalendarSync } from "@common/schemas/calendar-sync";
import { ZDeleted } from "@common/schemas/landlord-properties";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";
import { PROPERTY_READ_ROOTS, refreshReads } from "../../api/property-reads";
import { propertyApiPath as base, manageKeys } from "./manage-property-api";

/** The Calendar sync section: the listing's feed address and the calendars it imports. */
export const calendarSyncKey = (id: string) => [...manageKeys.property(id), "calendar-sync"] as const;

export function useCalendarSync(id: string) {
  return useQuery({
    queryKey: calendarSyncKey(id),
    queryFn: ({ signal }) => getJson(`${base(id)}/calendar-sync`, ZCalendarSync, { signal }),
    retry: false,
  });
}

/** Imported nights change the calendar and the quotes: both are asked again after any change. */
function useSyncWrite<TInput, TOutput>(id: string, write: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Also after a failure: a failed sync is shown on its feed.
    onSettled: async () => {
      await refreshReads(queryClient, [calendarSyncKey(id), manageKeys.calendarAll(id), PROPERTY_READ_ROOTS.public]);
    },
  });
}

export function useAddCalendarFeed(id: string) {
  return useSyncWrite(id, async (input: TAddCalendarFeed) =>
    parseJson(await apiRequest("POST", `${base(id)}/calendar-feeds`, input), ZCalendarFeed),
  );
}

export function useSyncCalendarFeed(id: string) {
  return useSyncWrite(id, async (feedId: number) =>
    parseJson(await apiRequest("POST", `${base(id)}/calendar-feeds/${feedId}/sync`), ZCalendarFeed),
  );
}

export function useRemoveCalendarFeed(id: string) {
  return useSyncWrite(id, async (feedId: number) =>
    parseJson(await apiRequest("DELETE", `${base(id)}/calendar-feeds/${feedId}`), ZDeleted),
  );
}

export function useRenewExportAddress(id: string) {
  return useSyncWrite(id, async (_: undefined) =>
    parseJson(await apiRequest("POST", `${base(id)}/calendar-sync/export-token`), ZCalendarExport),
  );
}
