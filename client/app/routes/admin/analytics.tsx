import { AdminToolPage } from "@/app/admin-area";
import { usePlatformAnalytics } from "@/features/admin-analytics/api/platform-analytics-api";
import { ExportReportButton } from "@/features/admin-analytics/components/export-report-button";
import { PlatformAnalyticsView } from "@/features/admin-analytics/components/platform-analytics-view";
import { usePeriodParam } from "@/features/admin-analytics/hooks/use-period-param";
import { useAccess } from "@/features/auth/hooks/use-access";
import { queryPageState } from "@/lib/query-state";

/** /admin/analytics: the platform's sign-ups, revenue, top cities and roles for a chosen period, and its export. */
export function Component() {
  // The whole platform's figures: `any` scope, which a landlord's own analytics do not reach.
  const { verdict, allowed } = useAccess(["read", "analytics", "any"]);
  const [period, setPeriod] = usePeriodParam();
  const query = usePlatformAnalytics(period, allowed);
  const updating = query.isPlaceholderData;
  return (
    <AdminToolPage
      verdict={verdict}
      title="Analytics"
      intro="Growth, revenue, cities and roles across the whole platform: money from the ledger, counts from the bookings and accounts themselves."
      actions={<ExportReportButton report={query.data && !updating ? query.data : undefined} />}
    >
      <PlatformAnalyticsView
        period={period}
        onPeriodChange={setPeriod}
        state={queryPageState(query, "refetch")}
        updating={updating}
      />
    </AdminToolPage>
  );
}
