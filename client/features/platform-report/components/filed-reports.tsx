import type { TPlatformReportFiling } from "@common/schemas/platform-report-filings";
import { formatDateTime } from "@common/utils/dates";
import { Download, FileCheck2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { pluralize } from "@/lib/format";
import { queryPageState } from "@/lib/query-state";
import { filedReportUrl, usePlatformReportFilings } from "../api/platform-report-api";

function FiledReport({ filing }: { filing: TPlatformReportFiling }) {
  const when = formatDateTime(filing.createdAt);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">
          {when} · by {filing.createdBy}
        </p>
        <p className="text-sm text-muted-foreground">
          {pluralize(filing.sellers, "seller")} in the file
          {filing.missingTaxDetails > 0
            ? ` · ${pluralize(filing.missingTaxDetails, "seller")} left out, no tax details`
            : ""}
        </p>
        <p className="text-sm text-muted-foreground break-all">
          Message reference <span className="font-mono text-foreground">{filing.messageRefId}</span>
        </p>
      </div>
      {/* The server sends the kept file as an attachment, so a plain link downloads it exactly as it was made. */}
      <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
        <a href={filedReportUrl(filing.id)} download>
          <Download aria-hidden="true" />
          Download
          <span className="sr-only"> the file exported {when}</span>
        </a>
      </Button>
    </li>
  );
}

/**
 * Files exported: every XML downloaded for the year, kept exactly as it was sent (HMRC's rules keep a report for six
 * years), newest first, each downloadable again byte for byte.
 */
export function FiledReports({ year, enabled }: { year: number; enabled: boolean }) {
  const query = usePlatformReportFilings(year, enabled);
  return (
    <SectionCard
      id="report-filings"
      title="Files exported"
      description={`Each XML downloaded for ${year}, kept exactly as it was made for at least six years, so what was sent to HMRC can be shown again even after a seller's details change.`}
    >
      <QueryStateView
        state={queryPageState(query, "refetch")}
        errorTitle="The exported files could not be loaded"
        loading={<Skeleton className="h-24 rounded-2xl" />}
      >
        {({ filings }) =>
          filings.length === 0 ? (
            <EmptyList icon={FileCheck2} title="No file exported yet" size="section">
              The XML for {year} has not been downloaded. Each download is kept here.
            </EmptyList>
          ) : (
            <ul className="divide-y divide-border">
              {filings.map((filing) => (
                <FiledReport key={filing.id} filing={filing} />
              ))}
            </ul>
          )
        }
      </QueryStateView>
    </SectionCard>
  );
}
