import { type TPlace, ZPlacesResponse } from "@common/schemas/places";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** The server refuses longer text; nothing to ask for below one character. */
const MAX_QUERY_LENGTH = 100;

export function placeQueryText(text: string): string {
  return text.trim().slice(0, MAX_QUERY_LENGTH);
}

export async function getPlaces(text: string, signal?: AbortSignal): Promise<TPlace[]> {
  const params = new URLSearchParams({ q: placeQueryText(text) });
  const { places } = await getJson(`/api/places?${params}`, ZPlacesResponse, { signal });
  return places;
}

/** UK places matching `text` (already debounced by the caller); idle while the text is blank. */
export function usePlaceSuggestions(text: string) {
  const q = placeQueryText(text);
  return useQuery({
    queryKey: ["places", q.toLowerCase()],
    queryFn: ({ signal }) => getPlaces(q, signal),
    enabled: q.length > 0,
    // Keep the last list on screen while the next one loads, so it does not flicker as the user types.
    placeholderData: keepPreviousData,
  });
}
