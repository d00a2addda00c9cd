import type { TAdminStats } from "@common/schemas/admin-dashboard";
import { formatMonthYear } from "@common/utils/dates";
import { Activity, Building2, CalendarCheck, PoundSterling, TriangleAlert, Users } from "lucide-react";
import { useEffect } from "react";
import { SettlementNote } from "@/components/ui/settlement-note";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import { useAdminStats } from "../api/admin-dashboard-api";
import { type FigureLink, FigureLinkList } from "./figure-link-card";
import { PanelError } from "./panel-states";

const ZERO_STATS: TAdminStats = {
  totalUsers: 0,
  activeUsers: 0,
  totalProperties: 0,
  listedProperties: 0,
  totalBookings: 0,
  monthlyRevenue: 0,
  monthlyRevenueSettlement: { collected: 0, expected: 0, demo: 0 },
  month: "",
  pendingIssues: 0,
  pendingIssueBreakdown: {
    landlordApprovals: 0,
    failedPayments: 0,
    failedMessages: 0,
    reconciliationDifferences: 0,
    recentDays: 7,
  },
};

const monthName = (month: string) => (month ? formatMonthYear(month) : "this month");

/** What Pending Issues counts, said on the card: "1 approval · 2 failed payments · 0 failed messages". */
function issuesHint({
  landlordApprovals,
  failedPayments,
  failedMessages,
  reconciliationDifferences,
  recentDays,
}: TAdminStats["pendingIssueBreakdown"]) {
  const differences =
    reconciliationDifferences > 0 ? ` · ${pluralize(reconciliationDifferences, "difference")} with Stripe` : "";
  return `${pluralize(landlordApprovals, "landlord approval")} · ${pluralize(failedPayments, "failed payment")} · ${pluralize(failedMessages, "failed message")}${differences} (last ${recentDays} days)`;
}

/**
 * The six platform figures, each a link to the page that explains it. If they cannot be read the cards show 0, as
 * the dashboard always has, with a note saying so and a Retry, so a zero is never mistaken for a real one.
 */
export function AdminStatCards() {
  const stats = useAdminStats();
  useEffect(() => {
    if (stats.isError) console.error("Admin stats could not be loaded", stats.error);
  }, [stats.isError, stats.error]);
  const figures = stats.data ?? (stats.isError ? ZERO_STATS : undefined);
  const loading = stats.isPending;
  const issues = figures?.pendingIssueBreakdown;
  const count = (pick: (stats: TAdminStats) => number) => figures && formatInteger(pick(figures));
  const approvalsWaiting = issues !== undefined && issues.landlordApprovals > 0;
  const cards: FigureLink[] = [
    {
      to: "/admin/users",
      icon: Users,
      title: "Total Users",
      value: count((f) => f.totalUsers),
      hint: "Every account, any role",
      action: "User Management",
    },
    {
      to: "/admin/users",
      icon: Activity,
      title: "Active Users",
      value: count((f) => f.activeUsers),
      hint: "Active in last 30 days",
      action: "User Management",
    },
    {
      to: "/admin/properties",
      icon: Building2,
      title: "Total Properties",
      value: count((f) => f.totalProperties),
      hint: figures ? `${formatInteger(figures.listedProperties)} listed now` : undefined,
      action: "Property Management",
    },
    {
      to: "/admin/bookings",
      icon: CalendarCheck,
      title: "Total Bookings",
      value: count((f) => f.totalBookings),
      hint: "Every booking, any status",
      action: "Booking Oversight",
    },
    {
      to: "/admin/analytics",
      icon: PoundSterling,
      title: "Monthly Revenue (£)",
      value: figures && formatPounds(figures.monthlyRevenue),
      hint: `Charged to guests for stays checking in, ${monthName(figures?.month ?? "")}`,
      action: "Analytics",
    },
    {
      to: approvalsWaiting ? "/admin/landlord-approval" : "/admin/system-logs",
      icon: TriangleAlert,
      title: "Pending Issues",
      value: count((f) => f.pendingIssues),
      hint: issues ? issuesHint(issues) : undefined,
      action: approvalsWaiting ? "Review approvals" : "Open System Logs",
    },
  ];
  return (
    <section aria-label="Platform figures" className="grid gap-4">
      {stats.isError ? (
        <PanelError
          message="The platform figures could not be loaded, so they show 0 for now."
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : null}
      <FigureLinkList
        dense
        loading={loading}
        className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3"
        cards={cards}
      />
      {stats.data ? <SettlementNote settlement={stats.data.monthlyRevenueSettlement} /> : null}
    </section>
  );
}
