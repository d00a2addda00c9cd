import { ArrowRight, Clock, LifeBuoy, Loader2, MailCheck, MailX } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { StatusPanel } from "@/components/ui/status-panel";
import type { EmailVerificationResult } from "../api/email-verification";
import { ResendVerificationEmail } from "./resend-verification-email";

/** Each state has its own title, badge and action. */
export function EmailVerificationPanel({ result, signedIn }: { result: EmailVerificationResult; signedIn: boolean }) {
  switch (result.state) {
    case "loading":
      return (
        <StatusPanel
          icon={<Loader2 className="animate-spin" />}
          title="Verifying your email"
          badge={<Badge variant="secondary">Verifying</Badge>}
        >
          <p role="status">Please wait while we confirm your email address.</p>
        </StatusPanel>
      );
    case "success":
      return (
        <StatusPanel
          tone="success"
          icon={<MailCheck />}
          title="Email Verified"
          badge={<Badge variant="success">Verified</Badge>}
          actions={
            // Signed-out visitors (new landlords) sign in first; /auth brings them on to their dashboard.
            <LinkButton to={signedIn ? "/dashboard" : "/auth"} iconAfter={ArrowRight} size="lg">
              Continue to Dashboard
            </LinkButton>
          }
        >
          <p>{result.message}</p>
        </StatusPanel>
      );
    case "expired":
      return (
        <StatusPanel
          tone="warning"
          icon={<Clock />}
          title="Verification Link Expired"
          badge={<Badge variant="warning">Expired</Badge>}
          actions={<ResendVerificationEmail signedIn={signedIn} />}
        >
          <p>{result.message}</p>
          <p className="mt-2">We can send you a new link.</p>
        </StatusPanel>
      );
    case "error":
      return (
        <StatusPanel
          tone="danger"
          icon={<MailX />}
          title="Verification Failed"
          badge={<Badge variant="destructive">Error</Badge>}
          actions={
            <LinkButton to="/contact?topic=account" icon={LifeBuoy} size="lg" variant="outline">
              Contact Support
            </LinkButton>
          }
        >
          <p>{result.message}</p>
        </StatusPanel>
      );
  }
}
