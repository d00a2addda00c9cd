import { londonToday } from "@common/domain/calendar-dates";
import { reportYears } from "@common/domain/platform-report";
import type { TPlatformReportSummary } from "@common/schemas/platform-report";
import { formatFullDate } from "@common/utils/dates";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CalendarClock, Download, FlaskConical, Home, PoundSterling, Users } from "lucide-react";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStatList } from "@/components/ui/summary-stat";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import { queryPageState } from "@/lib/query-state";
import {
  downloadPlatformReportXml,
  platformReportFilingsKey,
  usePlatformReportSummary,
} from "../api/platform-report-api";
import { FiledReports } from "./filed-reports";

const CURRENT_YEAR = Number(londonToday().slice(0, 4));
const YEARS = reportYears(CURRENT_YEAR);

/**
 * The year shown, kept in the address bar as ?year=. Unchosen, it is the year whose report is being built up; in
 * January, last year's, whose report is then due.
 */
export function useYearParam(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("year"));
  const fallback = londonToday().slice(5, 7) === "01" && YEARS.length > 1 ? CURRENT_YEAR - 1 : CURRENT_YEAR;
  const year = YEARS.includes(asked) ? asked : fallback;
  const choose = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("year", String(next));
        return updated;
      },
      { replace: true },
    );
  return [year, choose];
}

const pounds = (pence: number) => formatPounds(pence / 100);

/** The year picker and Download XML, in the page's header. */
export function PlatformReportActions({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const selectId = useId();
  const [downloading, setDownloading] = useState(false);
  const queryClient = useQueryClient();
  async function download() {
    setDownloading(true);
    try {
      const name = await downloadPlatformReportXml(year);
      toast({ title: "Report downloaded", description: `${name} is in your downloads.` });
      // Each export is kept as it was sent: the year's list of files gains it.
      void queryClient.invalidateQueries({ queryKey: platformReportFilingsKey(year) });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "The XML could not be made",
        description: (isApiError(error) && error.serverMessage) || "Please try again in a moment.",
      });
    } finally {
      setDownloading(false);
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={selectId}>Year</Label>
        <NativeSelect id={selectId} value={year} onChange={(event) => onYearChange(Number(event.target.value))}>
          {YEARS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button onClick={download} disabled={downloading}>
        <Download aria-hidden="true" />
        {downloading ? "Preparing…" : "Download XML"}
      </Button>
    </div>
  );
}

function SellerList({ report }: { report: TPlatformReportSummary }) {
  return (
    <section
      aria-labelledby="report-sellers"
      className="rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-7"
    >
      <h2 id="report-sellers" className="font-display text-2xl font-medium">
        Sellers
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Landlords with stays charged in {report.year}, and managers and contractors paid through us for their work, each
        with what they earned (their share, after refunds; the guests' service fee is ours).
      </p>
      <ul className="mt-6 divide-y divide-border">
        {report.sellers.map((seller) => (
          <li key={seller.userId} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words">{seller.name}</p>
              <p className="text-sm text-muted-foreground">
                {[
                  seller.properties > 0 &&
                    `${pluralize(seller.properties, "property", "properties")} · ${pluralize(seller.stays, "stay")}`,
                  seller.services > 0 && pluralize(seller.services, "service"),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-display text-xl tabular-nums">{pounds(seller.considerationPence)}</span>
              {seller.taxDetails === "complete" ? (
                <Badge className="border-success/30 bg-success-soft text-success">Tax details complete</Badge>
              ) : (
                <Badge className="border-warning/30 bg-warning-soft text-warning">Tax details missing</Badge>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReportBody({ report }: { report: TPlatformReportSummary }) {
  const { totals } = report;
  return (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CalendarClock aria-hidden="true" className="size-4 text-brass-700" />
        The {report.year} report is due by {formatFullDate(report.dueBy)}.
      </p>
      {report.missingSettings.length > 0 ? (
        <Alert variant="warning">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>The XML needs the platform operator's details</AlertTitle>
          <AlertDescription>
            Set {report.missingSettings.join(", ")} in the server's settings (see .env.example). HMRC's identifiers are
            never made up, so the file waits for them.
          </AlertDescription>
        </Alert>
      ) : null}
      {totals.missingTaxDetails > 0 ? (
        <Alert variant="warning">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>
            {pluralize(totals.missingTaxDetails, "seller")} {totals.missingTaxDetails === 1 ? "has" : "have"} not given
            tax details
          </AlertTitle>
          <AlertDescription>
            HMRC needs each seller's name, address, date of birth and tax reference. Without them a seller cannot be
            written into the file: ask them to add their details (their payouts wait until they do), then download
            again.
          </AlertDescription>
        </Alert>
      ) : null}
      {report.sellers.length === 0 ? (
        report.demoOnly ? (
          <EmptyList icon={FlaskConical} title="No real money: nothing to report" titleAs="h2" size="panel">
            Every stay charged in {report.year} was demo money (confirmed without card payments), which is never
            reported to HMRC. The file for this year is a nil report.
          </EmptyList>
        ) : (
          <EmptyList icon={Users} title="No seller to report" titleAs="h2" size="panel">
            Nobody earned through StayLondon in {report.year}. The file for this year is a nil report.
          </EmptyList>
        )
      ) : (
        <>
          <SummaryStatList
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
            figures={[
              { icon: Users, label: "Sellers", value: formatInteger(totals.sellers) },
              {
                icon: Home,
                label: "Stays",
                value: formatInteger(totals.stays),
                hint: `On ${totals.properties} listings${totals.services > 0 ? `, and ${pluralize(totals.services, "service")}` : ""}`,
              },
              {
                icon: PoundSterling,
                label: "Consideration",
                value: pounds(totals.considerationPence),
                hint: "Real money only",
              },
              {
                icon: AlertTriangle,
                label: "Tax details missing",
                value: formatInteger(totals.missingTaxDetails),
              },
            ]}
          />
          <SellerList report={report} />
        </>
      )}
    </div>
  );
}

/**
 * The HMRC Report page's body: one year's sellers, totals and deadline, then the files exported for it; the header
 * holds the year and the download.
 */
export function PlatformReportBoard({ year, enabled }: { year: number; enabled: boolean }) {
  const query = usePlatformReportSummary(year, enabled);
  return (
    <div className="grid gap-6">
      <QueryStateView
        state={queryPageState(query, "refetch")}
        errorTitle="The report could not be loaded"
        loading={<Skeleton className="h-96 rounded-3xl" />}
      >
        {(report) => <ReportBody report={report} />}
      </QueryStateView>
      <FiledReports year={year} enabled={enabled} />
    </div>
  );
}
