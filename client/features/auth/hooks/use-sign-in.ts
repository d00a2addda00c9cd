import type { TAuthOutcome, TLoginRequest, TSessionUser } from "@common/schemas/auth";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { safeReturnPath } from "@/lib/return-path";
import { displayName } from "@/lib/user-names";
import { authKeys } from "../api/auth-keys";
import { login, refusalOutcome } from "../api/auth-requests";
import { type AuthNotice, signInNotice } from "../utils/auth-notices";
import { TAB_SWITCH_DELAY_MS } from "../utils/auth-timing";
import { useLater } from "./use-later";

/** Puts the signed-in user in the cache at once (the header changes without a flash), then re-reads it. */
export async function storeSignedInUser(queryClient: QueryClient, user: TSessionUser | undefined) {
  if (user) queryClient.setQueryData(authKeys.user, user);
  await queryClient.invalidateQueries({ queryKey: authKeys.user });
}

/**
 * What a completed sign-in leads to, however it was completed (password, two-factor code, passkey): the user in the
 * cache, then the page to go to. An administrator without two-factor is sent to set it up first.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async (outcome: TAuthOutcome) => {
    await storeSignedInUser(queryClient, outcome.user);
    if (outcome.user?.mustEnrolTwoFactor) {
      toast({
        title: "Set up two-factor sign-in",
        description: "Administrators sign in with a code from an authenticator app. Please set it up to continue.",
      });
      navigate("/profile#two-factor");
      return;
    }
    if (outcome.requiresPhoneVerification) {
      toast({
        title: "Phone verification required",
        description: "Please verify your phone number to access all landlord features.",
      });
      navigate("/phone-verification");
      return;
    }
    toast({
      title: "Welcome back!",
      description: outcome.user ? `You're signed in as ${displayName(outcome.user)}.` : "You're signed in.",
    });
    // Back to the page that asked for sign-in (the booking wizard, say), else the dashboard.
    navigate(safeReturnPath(searchParams.get("returnTo")) ?? "/dashboard");
  };
}

/** POST /api/auth/login and what each answer leads to. */
export function useSignIn({
  showNotice,
  openRegistration,
  askForCode,
}: {
  showNotice: (notice: AuthNotice) => void;
  /** "No account with this e-mail": the registration tab, with the e-mail kept. */
  openRegistration: (email: string) => void;
  /** The password was right and two-factor is on: the code step. */
  askForCode: () => void;
}) {
  const signedIn = useSignedIn();
  const later = useLater();

  return useMutation({
    mutationFn: (input: TLoginRequest) => login(input),
    onSuccess: async (outcome) => {
      if (outcome.twoFactorRequired) {
        askForCode();
        return;
      }
      await signedIn(outcome);
    },
    onError: (error, input) => {
      const outcome = refusalOutcome(error);
      const notice = signInNotice(outcome, input.email);
      if (notice) {
        showNotice(notice);
        return;
      }
      toast({
        variant: "destructive",
        title: "Sign in failed",
        description: outcome.message ?? "Please check your credentials and try again.",
      });
      if (outcome.redirectToRegister) {
        const email = outcome.email ?? input.email;
        later(TAB_SWITCH_DELAY_MS, () => openRegistration(email));
      }
    },
  });
}
