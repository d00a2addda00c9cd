import { AdminToolPage } from "@/app/admin-area";
import { useAccess } from "@/features/auth/hooks/use-access";
import { SupportQueue } from "@/features/support/components/support-queue";

/** /admin/support: the requests people send from the contact page, for the team to answer. */
export function Component() {
  const access = useAccess(["read", "support-ticket", "any"]);
  return (
    <AdminToolPage
      verdict={access.verdict}
      title="Support"
      intro="Requests from the contact page. Each answer is emailed to the person; a reply from them opens the request again."
    >
      <SupportQueue />
    </AdminToolPage>
  );
}
