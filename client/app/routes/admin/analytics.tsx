import { mayReadPlatformAnalytics, PLATFORM_ANALYTICS_ROLES } from "@common/domain/platform-analytics";
import { GATE_ROLE_LABELS } from "@common/domain/roles";
import { AdminPage } from "@/components/layouts/admin-page";
import { usePlatformAnalytics } from "@/features/admin-analytics/api/platform-analytics-api";
import { ExportReportButton } from "@/features/admin-analytics/components/export-report-button";
import { PlatformAnalyticsView } from "@/features/admin-analytics/components/platform-analytics-view";
import { usePeriodParam } from "@/features/admin-analytics/hooks/use-period-param";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import type { GateVerdict } from "@/features/auth/utils/gate-verdict";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/**
 * The page's gate. read:analytics lets a landlord in at their own scope, but these are the whole platform's
 * figures: only a role that reads analytics at every scope may see them, as the server decides.
 */
function platformVerdict({ verdict, user }: ReturnType<typeof useAccess>): GateVerdict {
  if (!user || mayReadPlatformAnalytics(user.role)) return verdict;
  return {
    kind: "wrong-role",
    required: PLATFORM_ANALYTICS_ROLES.map((role) => GATE_ROLE_LABELS[role]).join(", "),
    actual: GATE_ROLE_LABELS[user.role],
  };
}

/** /admin/analytics: the platform's sign-ups, revenue, top cities and roles for a chosen period, and its export. */
export function Component() {
  useDocumentTitle("Analytics");
  const access = useAccess(["read", "analytics"]);
  const verdict = platformVerdict(access);
  const [period, setPeriod] = usePeriodParam();
  const query = usePlatformAnalytics(period, verdict.kind === "allowed");
  const updating = query.isPlaceholderData;
  return (
    <AccessGate verdict={verdict}>
      <AdminPage
        title="Analytics"
        intro="Growth, revenue, cities and roles across the whole platform, computed from the bookings and accounts themselves."
        actions={<ExportReportButton report={query.data && !updating ? query.data : undefined} />}
      >
        <PlatformAnalyticsView
          period={period}
          onPeriodChange={setPeriod}
          state={queryPageState(query, "refetch")}
          updating={updating}
        />
      </AdminPage>
    </AccessGate>
  );
}
