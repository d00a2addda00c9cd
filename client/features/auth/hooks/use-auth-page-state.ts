import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { type AuthTab, CONSUMED_AUTH_PARAMS, type OAuthSignup, readAuthQuery, tabFromParam } from "../utils/auth-query";

/**
 * The state of /auth that outlives a tab switch: the open tab (kept in ?tab= so the header's Sign In and Get Started
 * links switch it too), the e-mail (shared by both forms, so a switch keeps it) and the OAuth sign-up in progress.
 * On the first render it reads the page load's query, shows the toast it asks for, and replaces the
 * address with one that keeps only the tab.
 */
export function useAuthPageState() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [initial] = useState(() => readAuthQuery(new URLSearchParams(location.search)));
  const [email, setEmail] = useState(initial.email);
  const [oauthSignup, setOAuthSignup] = useState<OAuthSignup | null>(initial.oauthSignup);
  const consumed = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the query of the page load once
  useEffect(() => {
    if (consumed.current) return;
    consumed.current = true;
    if (initial.toast) toast(initial.toast);
    const next = new URLSearchParams(location.search);
    for (const key of CONSUMED_AUTH_PARAMS) next.delete(key);
    if (initial.tab === "register") next.set("tab", "register");
    else next.delete("tab");
    const search = next.size > 0 ? `?${next}` : "";
    if (search !== location.search) {
      navigate({ search, hash: location.hash }, { replace: true, state: location.state, preventScrollReset: true });
    }
  }, []);

  // Until the query is cleaned, the tab the query asked for wins over the one still in the address bar.
  const queryPending = CONSUMED_AUTH_PARAMS.some((key) => searchParams.has(key));
  const tab: AuthTab = queryPending ? initial.tab : tabFromParam(searchParams.get("tab"));

  const setTab = useCallback(
    (next: AuthTab) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === "register") params.set("tab", "register");
          else params.delete("tab");
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  return { tab, setTab, email, setEmail, oauthSignup, setOAuthSignup, oauthSuccess: initial.oauthSuccess };
}
