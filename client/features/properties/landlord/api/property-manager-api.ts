import { type TAssignManager, ZPropertyManagement } from "@common/schemas/property-management";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";
import { manageKeys, propertyApiPath } from "./manage-property-api";

/** Who manages the property, and who did before: the manage page's Property manager section. */
export const managerKey = (id: string) => [...manageKeys.property(id), "manager"] as const;

const url = (id: string) => `${propertyApiPath(id)}/manager`;

export function usePropertyManagement(id: string) {
  return useQuery({
    queryKey: managerKey(id),
    queryFn: ({ signal }) => getJson(url(id), ZPropertyManagement, { signal }),
    retry: false,
  });
}

/** Assigning or ending answers the whole management; the conversations list changes with it. */
function useManagementWrite<TInput>(id: string, send: (input: TInput) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => parseJson(await send(input), ZPropertyManagement),
    onSuccess: async (management) => {
      queryClient.setQueryData(managerKey(id), management);
      await queryClient.invalidateQueries({ queryKey: ["manager-threads"] });
    },
  });
}

export function useAssignManager(id: string) {
  return useManagementWrite(id, (input: TAssignManager) => apiRequest("PUT", url(id), input));
}

export function useEndManagerAssignment(id: string) {
  return useManagementWrite(id, (_: undefined) => apiRequest("DELETE", url(id)));
}
