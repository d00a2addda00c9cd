import { useSearchParams } from "react-router";
import { EmailLinkPanel } from "@/features/account/components/email-link-panel";
import { useAuth } from "@/features/auth/api/session";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /confirm-email?token=: the link sent to a new address moves the account to it. */
export function Component() {
  useDocumentTitle("Confirm your new email address");
  const [params] = useSearchParams();
  const { refresh } = useAuth();
  return <EmailLinkPanel kind="confirm" token={params.get("token")} onDone={refresh} />;
}
