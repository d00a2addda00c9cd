import { type TAuthProviders, ZAuthProviders } from "@common/schemas/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** Which social sign-in buttons this server can honour. */
export type AuthProviders = TAuthProviders;

export const SOCIAL_PROVIDERS = ["google", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", apple: "Apple" };

const authProvidersQueryOptions = queryOptions({
  queryKey: ["auth", "providers"] as const,
  queryFn: ({ signal }) => getJson("/api/auth/providers", ZAuthProviders, { signal }),
});

/**
 * The providers that are set up. While the answer is pending, and when the call fails, every provider counts as
 * unavailable: a button that leads to a provider error page is worse than a disabled one that says why.
 */
export function useAuthProviders(): { providers: AuthProviders; isPending: boolean } {
  const query = useQuery(authProvidersQueryOptions);
  return { providers: query.data ?? { google: false, apple: false }, isPending: query.isPending };
}
