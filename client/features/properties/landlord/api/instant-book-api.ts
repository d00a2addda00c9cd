import { type TInstantBookSettings, ZInstantBookSettings } from "@common/schemas/instant-book";
import type { TManagedProperty } from "@common/schemas/landlord-properties";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, parseJson } from "@/lib/api-client";
import { manageKeys, propertyApiPath } from "./manage-property-api";

/** Saves the listing's instant book switch and requirements; the manage page's copy of the listing takes them at once. */
export function useSaveInstantBook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: TInstantBookSettings) =>
      parseJson(await apiRequest("PUT", `${propertyApiPath(id)}/instant-book`, settings), ZInstantBookSettings),
    onSuccess: (saved) => {
      queryClient.setQueryData<TManagedProperty>(manageKeys.property(id), (old) => (old ? { ...old, ...saved } : old));
    },
  });
}
