import { useSearchParams } from "react-router";
import { EmailLinkPanel } from "@/features/account/components/email-link-panel";
import { useAuth } from "@/features/auth/api/session";

/** A page an email-change link opens, with its token in `?token=`; the session is read again once the account moves. */
export function EmailLinkRoute({ kind }: { kind: "confirm" | "undo" }) {
  const [params] = useSearchParams();
  const { refresh } = useAuth();
  return <EmailLinkPanel kind={kind} token={params.get("token")} onDone={refresh} />;
}
