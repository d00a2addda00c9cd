import type { TRegisterOAuthRequest, TRegisterRequest } from "@common/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { refusalOutcome, register, registerOAuth } from "../api/auth-requests";
import { type AuthNotice, registrationNotice } from "../utils/auth-notices";
import { TAB_SWITCH_DELAY_MS } from "../utils/auth-timing";
import { useLater } from "./use-later";
import { storeSignedInUser } from "./use-sign-in";

/** A password registration, or the end of a Google/Apple sign-up (no password; the server knows the identity). */
export type RegistrationInput =
  | { kind: "password"; data: TRegisterRequest }
  | { kind: "oauth"; data: TRegisterOAuthRequest };

/** POST /api/auth/register or /register-oauth and what each answer leads to. */
export function useRegister({
  showNotice,
  openSignIn,
}: {
  showNotice: (notice: AuthNotice) => void;
  /** "An account with this e-mail exists": the Sign In tab, with the e-mail kept. */
  openSignIn: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const later = useLater();

  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      input.kind === "password" ? register(input.data) : registerOAuth(input.data),
    onSuccess: async (outcome, input) => {
      const notice = registrationNotice(outcome, input.data.email);
      if (notice) {
        showNotice(notice);
        return;
      }
      await storeSignedInUser(queryClient, outcome.user);
      toast({
        title: "Account created!",
        description: `Welcome to StayLondon, ${input.data.firstName.trim()}. Your account is ready.`,
      });
      // The home page sends signed-in visitors on to their dashboard.
      navigate("/");
    },
    onError: (error) => {
      const outcome = refusalOutcome(error);
      toast({
        variant: "destructive",
        title: "Registration failed",
        description: outcome.message ?? "Please try again.",
      });
      if (outcome.redirectToLogin) later(TAB_SWITCH_DELAY_MS, openSignIn);
    },
  });
}
