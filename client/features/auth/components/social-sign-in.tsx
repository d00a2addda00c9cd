import { useId } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { rememberReturnPath } from "@/lib/return-path";
import { PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider, useAuthProviders } from "../api/get-auth-providers";
import { AppleIcon, GoogleIcon } from "./provider-icons";
import type { SelfServiceRole } from "./role-choice";

const ICONS: Record<SocialProvider, typeof GoogleIcon> = { google: GoogleIcon, apple: AppleIcon };

/** GET /api/auth/{provider}?intent=…: a full page navigation to the provider and back. */
export function socialSignInUrl(
  provider: SocialProvider,
  intent: "login" | "register",
  role?: SelfServiceRole,
): string {
  const params = new URLSearchParams({ intent });
  if (intent === "register" && role) params.set("role", role);
  return `/api/auth/${provider}?${params}`;
}

/**
 * The Google and Apple buttons of both tabs. A provider the server has not set up stays disabled and says so,
 * rather than sending the visitor to an error page.
 */
export function SocialSignIn({ intent, role }: { intent: "login" | "register"; role?: SelfServiceRole | null }) {
  const { providers, isPending } = useAuthProviders();
  const id = useId();

  const start = (provider: SocialProvider) => {
    if (intent === "register" && !role) {
      toast({
        variant: "destructive",
        title: "Please select a role",
        description: "You must choose your role before continuing with account creation.",
      });
      return;
    }
    // Back to the page that asked for sign-in (the booking wizard, say) once the provider sends the visitor back.
    rememberReturnPath(new URLSearchParams(window.location.search).get("returnTo"));
    window.location.assign(socialSignInUrl(provider, intent, role ?? undefined));
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {SOCIAL_PROVIDERS.map((provider) => {
        const Icon = ICONS[provider];
        const available = providers[provider];
        const noteId = `${id}-${provider}-note`;
        return (
          <div key={provider} className="grid content-start gap-1.5">
            <Button
              variant="outline"
              className="w-full"
              disabled={!available}
              aria-describedby={!available && !isPending ? noteId : undefined}
              onClick={() => start(provider)}
            >
              <Icon />
              Continue with {PROVIDER_NAMES[provider]}
            </Button>
            {!available && !isPending ? (
              <p id={noteId} className="text-center text-xs text-muted-foreground">
                {PROVIDER_NAMES[provider]} sign-in is not set up on this server
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
