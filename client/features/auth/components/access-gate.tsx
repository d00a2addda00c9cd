import { Home, KeyRound, Lock, ShieldAlert } from "lucide-react";
import type * as React from "react";
import { LinkButton } from "@/components/ui/link-button";
import { PageSpinner, SignInRequired, StatusPanel } from "@/components/ui/status-panel";
import type { GateVerdict } from "../utils/gate-verdict";
import { type LandlordFeature, LandlordStandingPanel } from "./landlord-feature-gate";

function HomeButton() {
  return (
    <LinkButton to="/" icon={Home} size="lg" variant="outline">
      Back to home
    </LinkButton>
  );
}

/**
 * The role gate around a page: renders `children` only when the verdict (useAccess) lets the user in;
 * everyone else sees why not, in the words the server's refusals use.
 */
export function AccessGate({
  verdict,
  feature,
  children,
}: {
  verdict: GateVerdict;
  /** For a landlord whose features are closed: the feature named in the explanation. */
  feature?: LandlordFeature;
  children: React.ReactNode;
}) {
  switch (verdict.kind) {
    case "loading":
      return <PageSpinner label="Checking your access…" />;
    case "anonymous":
      return (
        <SignInRequired icon={<Lock />} title="Sign in required">
          You need to be logged in to access this area.
        </SignInRequired>
      );
    case "wrong-role":
      return (
        <StatusPanel tone="danger" icon={<ShieldAlert />} title="Access Denied" actions={<HomeButton />}>
          <p>{`You don't have the required role to access this area. Required: ${verdict.required}. Your role: ${verdict.actual}`}</p>
        </StatusPanel>
      );
    case "missing-permission":
      return (
        <StatusPanel tone="danger" icon={<ShieldAlert />} title="Access Denied" actions={<HomeButton />}>
          <p>You don't have the required permissions to access this area.</p>
        </StatusPanel>
      );
    case "two-factor-required":
      return (
        <StatusPanel
          tone="warning"
          icon={<KeyRound />}
          title="Two-Factor Sign-In Required"
          actions={
            <LinkButton to="/profile#two-factor" size="lg">
              Set up two-factor sign-in
            </LinkButton>
          }
        >
          <p>Administrators sign in with a code from an authenticator app. Set it up in your profile to continue.</p>
        </StatusPanel>
      );
    case "approval-pending":
    case "phone-unverified":
      return <LandlordStandingPanel standing={verdict.kind} feature={feature} />;
    case "allowed":
      return children;
  }
}
