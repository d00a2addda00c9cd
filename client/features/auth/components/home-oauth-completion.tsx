import { Navigate } from "react-router";
import { useAuth } from "../api/session";
import { type OAuthSuccessParams, useOAuthCompletion } from "../hooks/use-oauth-completion";

/** Completes a social sign-in that lands on the home page, then sends the visitor on to /dashboard. */
export function HomeOAuthCompletion({ success }: { success: NonNullable<OAuthSuccessParams> }) {
  const auth = useAuth();
  const completion = useOAuthCompletion(success, "home");
  if (auth.status === "authenticated" && !completion.completing) return <Navigate to="/dashboard" replace />;
  return null;
}
