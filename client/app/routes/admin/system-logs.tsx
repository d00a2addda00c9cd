import { AdminPage } from "@/components/layouts/admin-page";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { SystemLogsBoard } from "@/features/system-logs/components/system-logs-board";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /admin/system-logs, behind the admin gate: the board fetches only once allowed. */
export function Component() {
  useDocumentTitle("System Logs");
  const access = useAccess(["read", "audit-log", "any"]);
  return (
    <AccessGate verdict={access.verdict}>
      <AdminPage
        title="System Logs"
        intro="Privileged actions and failures across StayLondon, newest first: what happened, who did it, to whom, and the request behind it."
      >
        <SystemLogsBoard />
      </AdminPage>
    </AccessGate>
  );
}
