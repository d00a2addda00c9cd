import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useAuth } from "../api/session";

// Only a visitor coming back from Google or Apple needs the sign-in requests (and the contract checks
// they bring): everyone else on the home page never downloads them.
const HomeOAuthCompletion = lazy(() =>
  import("./home-oauth-completion").then((module) => ({ default: module.HomeOAuthCompletion })),
);

/**
 * On the home page: completes an OAuth sign-in that lands on "/?auth=success&token=…" (cleaning the
 * query after reading it), and sends any signed-in visitor on to /dashboard once that is done.
 */
export function HomeAuthRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [success] = useState(() => {
    const params = new URLSearchParams(location.search);
    return params.get("auth") === "success" ? { token: params.get("token")?.trim() || null } : null;
  });
  const cleaned = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: cleans the query of the page load once
  useEffect(() => {
    if (cleaned.current || success === null) return;
    cleaned.current = true;
    const params = new URLSearchParams(location.search);
    params.delete("auth");
    params.delete("token");
    const search = params.size > 0 ? `?${params}` : "";
    navigate({ search, hash: location.hash }, { replace: true, preventScrollReset: true });
  }, []);

  if (success !== null) {
    return (
      <Suspense fallback={null}>
        <HomeOAuthCompletion success={success} />
      </Suspense>
    );
  }
  if (auth.status === "authenticated") return <Navigate to="/dashboard" replace />;
  return null;
}
