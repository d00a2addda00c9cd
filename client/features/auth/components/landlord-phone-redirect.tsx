import { accessVerdict } from "@common/domain/permissions";
import { Navigate, useLocation } from "react-router";
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
export function LandlordPhoneRedirect() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const user = auth.user;
  // The landlord features wait for the phone: the same rule as the gates (common/domain/permissions.ts).
  const mustVerifyPhone = user ? accessVerdict(user, "read", "property").kind === "phone-unverified" : false;
  if (!mustVerifyPhone || isPhoneGateExempt(pathname)) return null;
  return <Navigate to="/phone-verification" replace />;
}
