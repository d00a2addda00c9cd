import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { useSiteNavigate } from "@/lib/client-navigation";
import { takeRememberedReturnPath } from "@/lib/return-path";
import { authKeys } from "../api/auth-keys";
import { completeOAuth, refusalOutcome } from "../api/auth-requests";
import { type AuthNotice, signInNotice } from "../utils/auth-notices";
import { OAUTH_AUTH_PAGE_EXTRA_MS, OAUTH_NO_TOKEN_REDIRECT_MS, OAUTH_SUCCESS_REDIRECT_MS } from "../utils/auth-timing";
import { useLater } from "./use-later";

export type OAuthSuccessParams = { token: string | null } | null;

export type OAuthCompletion = {
  /** True from the page load until the completed sign-in has moved on: pages hold their own redirects meanwhile. */
  completing: boolean;
  /** A refusal that needs a notice (e-mail not verified, landlord not approved). */
  notice: AuthNotice | null;
  dismissNotice: () => void;
};

const SIGN_IN_FAILED = {
  variant: "destructive",
  title: "Sign in failed",
  description: "There was an issue completing your sign in. Please try again.",
} as const;

const SIGNED_IN = { title: "Login Successful", description: "Welcome! You have been successfully logged in." } as const;

/**
 * The provider callback sends the browser back with
 * auth=success and a one-time token. The page reads (and cleans) the query; this hook trades the token for a
 * session, refreshes the user and moves on after the spec's delays.
 */
export function useOAuthCompletion(success: OAuthSuccessParams, page: "home" | "auth"): OAuthCompletion {
  const queryClient = useQueryClient();
  const navigate = useSiteNavigate();
  const later = useLater();
  const [completing, setCompleting] = useState(success !== null);
  const [notice, setNotice] = useState<AuthNotice | null>(null);
  // The token is single-use: StrictMode's second effect run must not send it again.
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page load, for the query it was opened with
  useEffect(() => {
    if (success === null || started.current) return;
    started.current = true;
    const refreshUser = () => queryClient.invalidateQueries({ queryKey: authKeys.user });

    async function complete(token: string) {
      try {
        const outcome = await completeOAuth(token);
        // Two-factor is on: the provider proved who it is; the app's code completes it, on the sign-in page.
        if (outcome.twoFactorRequired) {
          navigate("/auth?twoFactor=1", { replace: true });
          return;
        }
        if (!outcome.user) throw new Error("The completion answer carried no user");
        queryClient.setQueryData(authKeys.user, outcome.user);
        await refreshUser();
        toast(SIGNED_IN);
        const delay = OAUTH_SUCCESS_REDIRECT_MS + (page === "auth" ? OAUTH_AUTH_PAGE_EXTRA_MS : 0);
        later(delay, () => navigate(takeRememberedReturnPath() ?? "/dashboard"));
      } catch (error) {
        const refusal = signInNotice(refusalOutcome(error));
        if (refusal && page === "home") {
          // The notices live on /auth.
          navigate("/auth", { state: { notice: refusal } });
        } else if (refusal) {
          setNotice(refusal);
        } else {
          toast(SIGN_IN_FAILED);
        }
        setCompleting(false);
      }
    }

    async function refreshOnly() {
      await refreshUser();
      toast(SIGNED_IN);
      if (page === "auth") later(OAUTH_NO_TOKEN_REDIRECT_MS, () => navigate("/"));
      else setCompleting(false);
    }

    void (success.token ? complete(success.token) : refreshOnly());
  }, []);

  return { completing, notice, dismissNotice: () => setNotice(null) };
}
