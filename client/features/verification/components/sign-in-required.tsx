import { LogIn, UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { StatusPanel } from "@/components/ui/status-panel";

/** For a signed-out visitor on a page about their own account. */
export function SignInRequired({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <StatusPanel
      icon={<UserRound />}
      title={title}
      actions={
        <Button asChild size="lg">
          <Link to="/auth">
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      }
    >
      <p>{children}</p>
    </StatusPanel>
  );
}
