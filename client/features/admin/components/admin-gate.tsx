import type { Permission, Role } from "@common/domain/roles";
import { Home, Lock, ShieldAlert } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageSpinner, SignInRequired, StatusPanel } from "@/components/ui/status-panel";
import { type GateAuth, gateVerdict } from "../utils/gate-verdict";

function HomeButton() {
  return (
    <Button asChild size="lg" variant="outline">
      <Link to="/">
        <Home aria-hidden="true" />
        Back to home
      </Link>
    </Button>
  );
}

/** Renders `children` only for a user the gate lets through; everyone else sees why not. */
export function AdminGate({
  auth,
  roles = ["admin"],
  permissions = [],
  children,
}: {
  auth: GateAuth;
  roles?: readonly Role[];
  permissions?: readonly Permission[];
  children: React.ReactNode;
}) {
  const verdict = gateVerdict(auth, roles, permissions);
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
    case "allowed":
      return children;
  }
}
