import type { Role } from "@common/domain/roles";
import { type TAdminUser, ZAdminUser, ZAdminUserProfile } from "@common/schemas/admin";
import { keepPreviousData, type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";
import { adminKeys } from "./landlord-approval";

/** One page of User Management as the server answered it. */
export type AdminUsersPage = { items: TAdminUser[]; total: number };

export const adminUsersKeys = {
  lists: [...adminKeys.all, "users", "list"] as const,
  list: (apiQuery: string) => [...adminKeys.all, "users", "list", apiQuery] as const,
  profile: (userId: number) => [...adminKeys.all, "users", userId, "profile"] as const,
};

const isUsersList = (key: QueryKey) => key[1] === "users" && key[2] === "list";

/** GET /api/admin/users?{apiQuery}: the page stays on screen while the next one loads. */
export function adminUsersQueryOptions(apiQuery: string) {
  return queryOptions({
    queryKey: adminUsersKeys.list(apiQuery),
    queryFn: ({ signal }) => getPage(`/api/admin/users${apiQuery ? `?${apiQuery}` : ""}`, ZAdminUser, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function userProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: adminUsersKeys.profile(userId),
    queryFn: ({ signal }) => getJson(`/api/admin/users/${userId}/profile`, ZAdminUserProfile, { signal }),
    staleTime: 0,
    retry: false,
  });
}

/**
 * A change to one user: the server's answer replaces that user's row wherever a list shows it (a row that no
 * longer matches the list's filter stays until the list is read again, so the admin sees what they did); every
 * other admin read (profiles, the approval queue, the dashboard's figures) is read again.
 */
function useUserChange<V>(send: (variables: V) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => parseJson(await send(variables), ZAdminUser),
    onSuccess: async (user) => {
      queryClient.setQueriesData<AdminUsersPage>({ queryKey: adminUsersKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((row) => (row.id === user.id ? user : row)) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => !isUsersList(q.queryKey) });
    },
  });
}

/** PUT /api/admin/users/{id}/role. */
export const useChangeRole = () =>
  useUserChange(({ userId, role }: { userId: number; role: Role }) =>
    apiRequest("PUT", `/api/admin/users/${userId}/role`, { role }),
  );

/** POST /api/admin/users/{id}/freeze: the user is signed out everywhere at once. */
export const useFreezeUser = () =>
  useUserChange(({ userId, reason }: { userId: number; reason: string }) =>
    apiRequest("POST", `/api/admin/users/${userId}/freeze`, { reason }),
  );

/** POST /api/admin/users/{id}/unfreeze. */
export const useUnfreezeUser = () =>
  useUserChange((userId: number) => apiRequest("POST", `/api/admin/users/${userId}/unfreeze`));
