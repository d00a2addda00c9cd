import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { ShareBar } from "@/components/charts/share-bar";
import { SectionCard } from "@/components/ui/section-card";
import { formatInteger, pluralize } from "@/lib/format";
import { accountCount } from "../utils/platform-report";

const percentFormat = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Every account today by role: a bar for each role's share, with its count and percent written beside it. */
export function RoleDistribution({ report }: { report: TPlatformAnalytics }) {
  return (
    <SectionCard
      id="role-distribution-heading"
      title="Role distribution"
      description={`All ${pluralize(accountCount(report), "account")} today, whatever the period.`}
    >
      <ul aria-labelledby="role-distribution-heading" className="grid gap-5">
        {report.roles.map((role) => (
          <li key={role.role} className="grid gap-2">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 font-medium">{role.label}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                <span className="font-medium text-foreground">{formatInteger(role.count)}</span> ·{" "}
                {percentFormat.format(role.percent)}%
              </span>
            </div>
            <ShareBar percent={role.percent} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
