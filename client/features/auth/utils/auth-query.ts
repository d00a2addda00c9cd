import type { ToastInput } from "@/components/ui/use-toast";
import type { SocialProvider } from "../api/get-auth-providers";

export type AuthTab = "login" | "register";

/** Registration that finishes a Google or Apple sign-up: no password; the e-mail comes from the provider. */
export type OAuthSignup = { provider: SocialProvider; emailLocked: boolean };

/** What the query of a page load on /auth asks for. */
export type AuthQueryOutcome = {
  tab: AuthTab;
  email: string;
  oauthSignup: OAuthSignup | null;
  toast: ToastInput | null;
  /** auth=success: an OAuth sign-in to complete, with its one-time token when there is one. */
  oauthSuccess: { token: string | null } | null;
};

/** Every parameter the page reads once and then removes from the address bar. */
export const CONSUMED_AUTH_PARAMS = ["auth", "token", "error", "email", "provider"] as const;

export function tabFromParam(value: string | null): AuthTab {
  return value === "register" ? "register" : "login";
}

/** Reads the query of a page load on /auth. Pure: the page shows the toast and cleans the query. */
export function readAuthQuery(params: URLSearchParams): AuthQueryOutcome {
  const auth = params.get("auth");
  const oauthSuccess = auth === "success" ? { token: params.get("token")?.trim() || null } : null;
  const base = {
    tab: tabFromParam(params.get("tab")),
    email: params.get("email")?.trim() ?? "",
    oauthSignup: null,
    toast: null,
    oauthSuccess,
  };
  const error = params.get("error");
  if (!error) return base;

  const providerParam = params.get("provider")?.trim() || "google";
  // The spec's {provider} placeholder is the provider as the callback names it, e.g. "google".
  const signupProvider: SocialProvider = providerParam === "apple" ? "apple" : "google";

  if (error === "account_not_found" && base.email) {
    return {
      ...base,
      tab: "register",
      oauthSignup: { provider: signupProvider, emailLocked: true },
      toast: {
        variant: "destructive",
        title: "Account not found",
        description: `No account exists with this ${providerParam} email. Please create an account to continue.`,
      },
    };
  }
  if (error === "account_already_exists" && base.email) {
    return {
      ...base,
      tab: "login",
      toast: {
        title: "Account already exists",
        description: `An account with this ${providerParam} email already exists. Please sign in instead.`,
      },
    };
  }
  if (error === "apple_private_relay" && providerParam === "apple") {
    return {
      ...base,
      tab: "register",
      // Apple shared only a relay address: ask for the real one, so the e-mail starts empty and editable.
      email: "",
      oauthSignup: { provider: "apple", emailLocked: false },
      toast: {
        title: "Complete Apple Registration",
        description:
          "Apple provided a private relay email. Please enter your real email address to complete registration.",
      },
    };
  }
  return {
    ...base,
    toast: {
      variant: "destructive",
      title: "Sign in failed",
      description: `There was an issue signing in with ${error}. Please try again.`,
    },
  };
}
