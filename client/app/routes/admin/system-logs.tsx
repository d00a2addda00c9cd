import { AdminToolPage } from "@/app/admin-area";
import { useAccess } from "@/features/auth/hooks/use-access";
import { SystemLogsBoard } from "@/features/system-logs/components/system-logs-board";

/** /admin/system-logs, behind the admin gate: the board fetches only once allowed. */
export function Component() {
  const access = useAccess(["read", "audit-log", "any"]);
  return (
    <AdminToolPage
      verdict={access.verdict}
      title="System Logs"
      intro="Privileged actions and failures across StayLondon, newest first: what happened, who did it, to whom, and the request behind it."
    >
      <SystemLogsBoard />
    </AdminToolPage>
  );
}
