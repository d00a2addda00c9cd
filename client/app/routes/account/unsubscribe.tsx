import { useSearchParams } from "react-router";
import { UnsubscribePanel } from "@/features/account/components/unsubscribe-panel";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /unsubscribe?token=: the link at the foot of a reminder or newsletter; no sign-in needed. */
export function Component() {
  useDocumentTitle("Unsubscribe");
  const [params] = useSearchParams();
  return <UnsubscribePanel token={params.get("token")} />;
}
