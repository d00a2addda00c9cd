import { lazy, Suspense, useEffect, useState } from "react";
import { useSiteNavigate } from "@/lib/client-navigation";
import { useAuth } from "../api/session";
import type { OAuthSuccessParams } from "../hooks/use-oauth-completion";

// Only a visitor coming back from Google or Apple needs the sign-in requests (and the contract checks
// they bring): everyone else on the home page never downloads them.
const HomeOAuthCompletion = lazy(() =>
  import("./home-oauth-completion").then((module) => ({ default: module.HomeOAuthCompletion })),
);

/**
 * On the home page: completes an OAuth sign-in that lands on "/?auth=success&token=…" (cleaning the
 * query after reading it), and sends any signed-in visitor on to /dashboard once that is done. The address is
 * read in the browser after the first render, so the server's HTML (which never holds the token) stays as drawn.
 */
export function HomeAuthRedirect() {
  const navigate = useSiteNavigate();
  const auth = useAuth();
  const [success, setSuccess] = useState<NonNullable<OAuthSuccessParams> | null | undefined>(undefined);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("auth") !== "success") return setSuccess(null);
    setSuccess({ token: params.get("token")?.trim() || null });
    params.delete("auth");
    params.delete("token");
    const search = params.size > 0 ? `?${params}` : "";
    // The page stays; only its address loses the token, so a reload or a shared link does not carry it.
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }, []);

  const signedIn = success === null && auth.status === "authenticated";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the way to navigate is fixed for the page's life
  useEffect(() => {
    if (signedIn) navigate("/dashboard", { replace: true });
  }, [signedIn]);

  if (!success) return null;
  return (
    <Suspense fallback={null}>
      <HomeOAuthCompletion success={success} />
    </Suspense>
  );
}
