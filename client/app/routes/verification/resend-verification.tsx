import { MailPlus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { PageSpinner, StatusPanel } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { ResendVerificationEmail } from "@/features/verification/components/resend-verification-email";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /resend-verification: a new e-mail verification link, for whoever lost or let the last one expire. Signed in, it
 * goes to the account's own address; signed out (a new landlord cannot sign in before verifying), to the address
 * typed, with the same answer whether or not an account needs it.
 */
export function Component() {
  useDocumentTitle("Resend verification email");
  const auth = useAuth();
  if (auth.status === "loading") return <PageSpinner />;
  const signedIn = auth.status === "authenticated";
  if (signedIn && auth.user.emailVerified) {
    return (
      <StatusPanel
        tone="success"
        icon={<MailPlus />}
        title="Email already verified"
        badge={<Badge variant="success">Verified</Badge>}
      >
        <p>{auth.user.email} is verified. There is nothing more to do.</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      icon={<MailPlus />}
      title="Resend verification email"
      actions={<ResendVerificationEmail signedIn={signedIn} />}
    >
      <p>
        {signedIn
          ? `We will send a new link to ${auth.user.email}. The link in any earlier e-mail stops working.`
          : "Enter the address you registered with and we will send a new link. The link in any earlier e-mail stops working."}
      </p>
    </StatusPanel>
  );
}
