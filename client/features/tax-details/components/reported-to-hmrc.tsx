import { londonToday } from "@common/domain/calendar-dates";
import { reportYears } from "@common/domain/platform-report";
import type { TReportListing, TReportServices, TSellerPlatformReport } from "@common/schemas/platform-report";
import { formatFullDate } from "@common/utils/dates";
import { FileText, FlaskConical } from "lucide-react";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds, pluralize } from "@/lib/format";
import { useMyPlatformReports } from "../api/tax-details-api";

const YEARS = reportYears(Number(londonToday().slice(0, 4)));
const pounds = (pence: number) => formatPounds(pence / 100);

type QuarterRow = { quarter: number; pence: number; count: number };

function QuarterTable({
  labelledBy,
  countLabel,
  rows,
}: {
  labelledBy: string;
  countLabel: string;
  rows: QuarterRow[];
}) {
  return (
    <table aria-labelledby={labelledBy} className="mt-3 w-full text-sm tabular-nums">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Quarter
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Earned
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {countLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((q) => (
          <tr key={q.quarter} className="border-t border-border">
            <th scope="row" className="py-1 text-left font-normal">
              Q{q.quarter}
            </th>
            <td className="py-1 text-right">{pounds(q.pence)}</td>
            <td className="py-1 text-right">{q.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ListingQuarters({ listing, year }: { listing: TReportListing; year: number }) {
  const captionId = `report-${year}-${listing.propertyId}`;
  return (
    <div className="rounded-2xl border border-border p-4">
      <p id={captionId} className="font-medium break-words">
        {listing.title}
      </p>
      <p className="text-sm text-muted-foreground">
        {[listing.address.street, listing.address.city, listing.address.postcode].filter(Boolean).join(", ")} ·{" "}
        {pluralize(listing.rentedDays, "night")} let
      </p>
      <QuarterTable
        labelledBy={captionId}
        countLabel="Stays"
        rows={listing.quarters.map((q) => ({ quarter: q.quarter, pence: q.considerationPence, count: q.stays }))}
      />
    </div>
  );
}

/** Managing and maintenance done for others, as HMRC's personal services: by quarter, like a listing. */
function ServiceQuarters({ services, year }: { services: TReportServices; year: number }) {
  const captionId = `report-${year}-services`;
  return (
    <div className="rounded-2xl border border-border p-4">
      <p id={captionId} className="font-medium">
        Services
      </p>
      <p className="text-sm text-muted-foreground">Managing stays and maintenance jobs paid through StayLondon</p>
      <QuarterTable
        labelledBy={captionId}
        countLabel="Services"
        rows={services.quarters.map((q) => ({ quarter: q.quarter, pence: q.considerationPence, count: q.activities }))}
      />
    </div>
  );
}

function YearReport({ report }: { report: TSellerPlatformReport }) {
  const identity = report.identity;
  const identifiers = identity
    ? [identity.nationalInsuranceNumber, identity.utr, identity.companyNumber].filter((v): v is string => v !== null)
    : [];
  return (
    <section aria-labelledby={`report-${report.year}`} className="grid gap-3">
      <h3 id={`report-${report.year}`} className="font-display text-xl font-medium">
        {report.year}: {pounds(report.considerationPence)} from{" "}
        {[
          report.properties.length > 0 && pluralize(report.stays, "stay"),
          report.services && pluralize(report.services.activities, "service"),
        ]
          .filter(Boolean)
          .join(" and ")}
      </h3>
      <p className="text-sm text-muted-foreground">
        {report.dueBy < londonToday() ? "Reported to HMRC by" : "To be reported to HMRC by"}{" "}
        {formatFullDate(report.dueBy)}
        {identity
          ? ` as ${identity.legalName}${identifiers.length ? ` (${identifiers.join(", ")})` : ""}.`
          : ". Add your tax details above: without them we cannot report you as HMRC asks."}{" "}
        Fees and tax withheld: none (guests pay our service fee).
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {report.properties.map((listing) => (
          <ListingQuarters key={listing.propertyId} listing={listing} year={report.year} />
        ))}
        {report.services ? <ServiceQuarters services={report.services} year={report.year} /> : null}
      </div>
    </section>
  );
}

/**
 * What StayLondon reports to HMRC about this seller, year by year, as the rules require us to tell them: real money
 * only (demo stays are never reported), by the quarter it was credited, identifiers masked.
 */
export function ReportedToHmrc({ enabled }: { enabled: boolean }) {
  const query = useMyPlatformReports(YEARS, enabled);
  const reports = query.data ?? [];
  const reported = reports.filter((r) => r.properties.length > 0 || r.services !== null);
  const demoOnly = reports.some((r) => r.demoOnly);
  return (
    <SectionCard
      id="reported-to-hmrc"
      title="What we report to HMRC"
      description="Each January we tell HMRC what you earned through StayLondon in the year before, by quarter and by property. This is your copy."
    >
      {query.isError ? (
        <LoadErrorAlert
          title="Your reports could not be loaded"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
          retryLabel="Retry"
        />
      ) : query.isPending ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : reported.length > 0 ? (
        <div className="grid gap-8">
          {reported.map((report) => (
            <YearReport key={report.year} report={report} />
          ))}
        </div>
      ) : demoOnly ? (
        <EmptyList icon={FlaskConical} title="No real money: nothing to report" size="section">
          Your stays so far were demo money (confirmed without card payments), which is never reported to HMRC.
        </EmptyList>
      ) : (
        <EmptyList icon={FileText} title="Nothing reported yet" size="section">
          Once guests pay for stays at your properties, or you are paid through us for managing or maintenance, what you
          earn each year appears here as we report it.
        </EmptyList>
      )}
    </SectionCard>
  );
}
