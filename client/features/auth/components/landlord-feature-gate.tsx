import { Hourglass, Smartphone } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { StatusPanel } from "@/components/ui/status-panel";

/** Landlord features need an approved account and a verified phone; the gate names the feature. */
const FEATURES = {
  "property management": { name: "Property management", start: "managing your properties" },
  "booking management": { name: "Booking management", start: "managing your bookings" },
  "revenue and occupancy analytics": {
    name: "Revenue and occupancy analytics",
    start: "seeing your revenue and occupancy",
  },
  "payout settings": { name: "Payout settings", start: "setting up your payouts" },
} as const;
export type LandlordFeature = keyof typeof FEATURES;

/** Why a landlord's own-listing feature is closed, with the one step that moves them on. */
export function LandlordStandingPanel({
  standing,
  feature = "property management",
}: {
  standing: "approval-pending" | "phone-unverified";
  /** The gated feature, named in the explanation. */
  feature?: LandlordFeature;
}) {
  const { name, start } = FEATURES[feature];
  if (standing === "approval-pending") {
    return (
      <StatusPanel
        icon={<Hourglass />}
        tone="warning"
        title="Account Approval Pending"
        actions={
          <LinkButton to="/landlord-pending" variant="outline">
            What happens during the review
          </LinkButton>
        }
      >
        <p>
          Our team is reviewing your landlord account. {name} opens as soon as you are approved; we will let you know by
          email.
        </p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      icon={<Smartphone />}
      tone="warning"
      title="Phone Verification Required"
      actions={
        <LinkButton to="/phone-verification" size="lg">
          Verify your phone
        </LinkButton>
      }
    >
      <p>Your account is approved. Verify your phone number to start {start}.</p>
    </StatusPanel>
  );
}
