import { useSearchParams } from "react-router";
import { EmailLinkPanel } from "@/features/account/components/email-link-panel";
import { useAuth } from "@/features/auth/api/session";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /undo-email-change?token=: the link sent to the old address takes the account back within 7 days. */
export function Component() {
  useDocumentTitle("Undo the change of your email address");
  const [params] = useSearchParams();
  const { refresh } = useAuth();
  return <EmailLinkPanel kind="undo" token={params.get("token")} onDone={refresh} />;
}
