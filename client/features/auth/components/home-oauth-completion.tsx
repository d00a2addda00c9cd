import { useEffect } from "react";
import { useSiteNavigate } from "@/lib/client-navigation";
import { useAuth } from "../api/session";
import { type OAuthSuccessParams, useOAuthCompletion } from "../hooks/use-oauth-completion";

/** Completes a social sign-in that lands on the home page, then sends the visitor on to /dashboard. */
export function HomeOAuthCompletion({ success }: { success: NonNullable<OAuthSuccessParams> }) {
  const auth = useAuth();
  const navigate = useSiteNavigate();
  const completion = useOAuthCompletion(success, "home");
  const done = auth.status === "authenticated" && !completion.completing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the way to navigate is fixed for the page's life
  useEffect(() => {
    if (done) navigate("/dashboard", { replace: true });
  }, [done]);
  return null;
}
