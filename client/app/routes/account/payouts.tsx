import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { gateVerdict } from "@/features/auth/utils/gate-verdict";
import { PayoutSettingsPage } from "@/features/payouts/components/payout-settings-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /account/payouts: Payout Settings, for those the platform pays (landlords with their features open, property
 * managers and contractors). Anyone may read their state; setting payouts up needs two-factor sign-in, which the
 * page asks for when it is off. Stripe's onboarding sends the person back here.
 */
export function Component() {
  useDocumentTitle("Payout Settings");
  const access = useAccess(["read", "payout"]);
  const setUp = gateVerdict(access.auth, ["manage", "payout"]);
  return (
    <AccessGate verdict={access.verdict} feature="payout settings">
      <PayoutSettingsPage canSetUp={setUp.kind === "two-factor-required" ? "two-factor-required" : "allowed"} />
    </AccessGate>
  );
}
