import type { TSessionUser } from "@common/schemas/auth";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, isApiError } from "@/lib/api-client";
import { authKeys } from "./auth-keys";

/**
 * Every page asks for this on first load, so it checks the answer's shape by hand instead of with the
 * zod contract: that keeps zod (about 40 KB compressed) out of the first download. The contract itself
 * (ZAuthUserResponse) is checked on the server's side of every response and by the API tests.
 */
function readSessionUser(json: unknown): TSessionUser {
  const user = json && typeof json === "object" && "user" in json ? json.user : undefined;
  if (!user || typeof user !== "object" || !("id" in user) || !("role" in user) || !("email" in user)) {
    throw new Error("Unexpected answer from /api/auth/user");
  }
  return user as TSessionUser;
}

/** The signed-in user, or null when the server answers 401 (signed out is not an error). */
export async function getCurrentUser(signal?: AbortSignal): Promise<TSessionUser | null> {
  try {
    const response = await apiRequest("GET", "/api/auth/user", undefined, { signal });
    return readSessionUser(await response.json());
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: authKeys.user,
  queryFn: ({ signal }) => getCurrentUser(signal),
  // The current-user query is not retried.
  retry: false,
});

export type AuthState =
  | { status: "loading"; user: undefined }
  | { status: "authenticated"; user: TSessionUser }
  | { status: "anonymous"; user: null };

/** Loading, authenticated (user present) or anonymous. */
export function useAuth(): AuthState & { refresh: () => Promise<unknown> } {
  const queryClient = useQueryClient();
  const query = useQuery(currentUserQueryOptions);
  const refresh = () => queryClient.invalidateQueries({ queryKey: authKeys.user });
  if (query.isPending) return { status: "loading", user: undefined, refresh };
  // A failed read (server down) counts as signed out; the page can still be used anonymously.
  const user = query.data ?? null;
  return user ? { status: "authenticated", user, refresh } : { status: "anonymous", user: null, refresh };
}

/** POST /api/auth/logout, then to "/" whatever happened. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/logout"),
    onError: (error) => console.error("Logout failed", error),
    onSettled: () => {
      queryClient.clear();
      window.location.assign("/");
    },
  });
}
