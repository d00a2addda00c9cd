import { useEffect } from "react";
import { useSiteNavigate } from "@/lib/client-navigation";
import { useAuth } from "../api/session";

/** Pages an approved landlord without a verified phone may still open. */
const PHONE_GATE_EXEMPT_PATHS = [
  "/phone-verification",
  "/auth",
  "/verify-email",
  "/verification-status",
  "/dev/outbox",
  "/api/logout",
] as const;

export function isPhoneGateExempt(pathname: string): boolean {
  return PHONE_GATE_EXEMPT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Sends an approved landlord whose phone is not verified to /phone-verification from any other page. The rule is the
 * gates' own (common/domain/permissions.ts), loaded only for a landlord: nobody else can be held here, and every
 * public page's header would otherwise carry the whole access table.
 */
export function LandlordPhoneRedirect({ pathname }: { pathname: string }) {
  const user = useAuth().user;
  const navigate = useSiteNavigate();
  const checked = user?.role === "landlord" && !isPhoneGateExempt(pathname) ? user : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the way to navigate is fixed for the page's life
  useEffect(() => {
    if (!checked) return;
    let current = true;
    void import("@common/domain/permissions").then(({ accessVerdict }) => {
      if (current && accessVerdict(checked, "read", "property").kind === "phone-unverified") {
        navigate("/phone-verification", { replace: true });
      }
    });
    return () => {
      current = false;
    };
  }, [checked]);
  return null;
}
