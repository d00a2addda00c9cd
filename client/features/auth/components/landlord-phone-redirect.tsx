import { accessVerdict } from "@common/domain/permissions";
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

/** Sends an approved landlord whose phone is not verified to /phone-verification from any other page. */
export function LandlordPhoneRedirect({ pathname }: { pathname: string }) {
  const auth = useAuth();
  const navigate = useSiteNavigate();
  const user = auth.user;
  // The landlord features wait for the phone: the same rule as the gates (common/domain/permissions.ts).
  const mustVerifyPhone = user ? accessVerdict(user, "read", "property").kind === "phone-unverified" : false;
  const redirect = mustVerifyPhone && !isPhoneGateExempt(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the way to navigate is fixed for the page's life
  useEffect(() => {
    if (redirect) navigate("/phone-verification", { replace: true });
  }, [redirect]);
  return null;
}
