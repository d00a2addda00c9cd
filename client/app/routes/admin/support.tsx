import { AdminPage } from "@/components/layouts/admin-page";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { SupportQueue } from "@/features/support/components/support-queue";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /admin/support: the requests people send from the contact page, for the team to answer. */
export function Component() {
  useDocumentTitle("Support");
  const access = useAccess(["read", "support-ticket", "any"]);
  return (
    <AccessGate verdict={access.verdict}>
      <AdminPage
        title="Support"
        intro="Requests from the contact page. Each answer is emailed to the person; a reply from them opens the request again."
      >
        <SupportQueue />
      </AdminPage>
    </AccessGate>
  );
}
