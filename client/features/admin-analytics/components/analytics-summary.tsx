import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { CalendarCheck, Landmark, PoundSterling, UserPlus } from "lucide-react";
import { GrowthBadge } from "@/components/charts/growth-badge";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { formatInteger, formatPounds } from "@/lib/format";
import { periodGrowth, settlementAside } from "../utils/platform-report";
import { SettlementBadges } from "./settlement-badges";

/**
 * The period's headline figures; sign-ups and revenue with their growth over the previous period, the platform's
 * fees labelled when some of them are demo money or not yet collected.
 */
export function AnalyticsSummary({ report }: { report: TPlatformAnalytics }) {
  const { totals, period } = report;
  const signUps = periodGrowth(totals.signUpGrowth, totals.signUps, formatInteger(totals.previousSignUps), period);
  const revenue = periodGrowth(totals.revenueGrowth, totals.revenue, formatPounds(totals.previousRevenue), period);
  return (
    <SummaryStatsSection
      headingId="analytics-summary-heading"
      heading="Summary"
      gridClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
      figures={[
        {
          icon: UserPlus,
          label: "Sign-ups",
          value: formatInteger(totals.signUps),
          badge: <GrowthBadge text={signUps.text} tone={signUps.tone} label="Growth:" />,
          hint: signUps.explanation,
        },
        {
          icon: PoundSterling,
          label: "Revenue",
          value: formatPounds(totals.revenue),
          badge: <GrowthBadge text={revenue.text} tone={revenue.tone} label="Growth:" />,
          hint: `${revenue.explanation}${totals.revenueGrowth === null ? "" : settlementAside(totals.previousSettlement)}`,
        },
        {
          icon: Landmark,
          label: "Platform fees",
          value: formatPounds(totals.platformFees),
          badge: <SettlementBadges settlement={totals.platformFeeSettlement} />,
          hint: "The service fees kept from this revenue: the platform's income",
        },
        {
          icon: CalendarCheck,
          label: "Bookings",
          value: formatInteger(totals.bookings),
          hint: "Confirmed and completed, by check-in date",
        },
      ]}
    />
  );
}
