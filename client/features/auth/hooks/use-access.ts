import { useAuth } from "../api/session";
import { gateVerdict, type PageAccess } from "../utils/gate-verdict";

/** The gate's verdict for `access`; pages fetch only when `allowed`, so a gated visitor fires no refused request. */
export function useAccess(access: PageAccess) {
  const auth = useAuth();
  const verdict = gateVerdict(auth, access);
  return { auth, user: auth.user, verdict, allowed: verdict.kind === "allowed" };
}
