import { formatDateGb } from "@common/domain/calendar-dates";
import { formatPence } from "@common/domain/money-documents";
import type { TTaxReport } from "@common/schemas/money-documents";
import { useQuery } from "@tanstack/react-query";
import { Banknote, Building2, Calculator, Landmark, Receipt, Wrench } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { EmptyList } from "@/components/ui/empty-list";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { SettlementNote } from "@/components/ui/settlement-note";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStat } from "@/components/ui/summary-stat";
import type { TableColumn } from "@/components/ui/table-head-row";
import { queryPageState } from "@/lib/query-state";
import { taxReportQueryOptions, taxYearsQueryOptions } from "../api/money-documents-api";
import { DownloadLink } from "./download-link";
import { MoneyTable, moneyColumn, PeriodPicker, WIDE_ONLY, wideOnly } from "./period-picker";

/**
 * A landlord's tax-year summary (6 April to 5 April): their lettings income as StayLondon recorded it, in total and
 * per property, with the part that is demo money, and the same as a PDF. It helps with Self Assessment; it is not
 * tax advice, and the page says so first.
 */
export function TaxReportView() {
  const years = useQuery(taxYearsQueryOptions);
  return (
    <div className="grid gap-6">
      <Alert>
        <Calculator aria-hidden="true" />
        <AlertTitle>A summary to help with your Self Assessment, not tax advice</AlertTitle>
        <AlertDescription>
          These are the figures StayLondon recorded for your lettings. Keep your own records, and ask an accountant or
          HMRC if you are unsure what to declare.
        </AlertDescription>
      </Alert>
      <QueryStateView
        state={queryPageState(years)}
        errorTitle="Your tax years could not be loaded"
        loading={<Skeleton className="h-96 rounded-3xl" />}
      >
        {({ years: list }) =>
          list.length === 0 ? (
            <EmptyList icon={Receipt} title="Nothing to summarise yet">
              Once your stays earn through StayLondon, each tax year's income appears here.
            </EmptyList>
          ) : (
            <TaxYears years={list} />
          )
        }
      </QueryStateView>
    </div>
  );
}

function TaxYears({ years }: { years: string[] }) {
  const [year, setYear] = useState(years[0] ?? "");
  const report = useQuery(taxReportQueryOptions(year));
  return (
    <div className="grid gap-6">
      <PeriodPicker
        label="Tax year"
        value={year}
        options={years.map((y) => ({ value: y, label: y }))}
        onChange={setYear}
        downloads={
          <DownloadLink href={`/api/tax-reports/${year}.pdf`} detail={`summary of tax year ${year}`}>
            PDF
          </DownloadLink>
        }
      />
      <QueryStateView
        state={queryPageState(report, "refetch")}
        errorTitle="This tax year's summary could not be loaded"
        loading={<Skeleton className="h-64 rounded-3xl" />}
      >
        {(r) => <TaxYearSummary report={r} />}
      </QueryStateView>
    </div>
  );
}

/**
 * On a phone the table keeps two columns: each property's income, refunds, fees and job costs are listed under its
 * name, beside its net, so a property reads whole without scrolling sideways. From a tablet's width up each figure has
 * its own column.
 */
const COLUMNS: TableColumn[] = [
  moneyColumn("Property", "left"),
  wideOnly(moneyColumn("Stay income")),
  wideOnly(moneyColumn("Refunds")),
  wideOnly(moneyColumn("Manager's fees")),
  wideOnly(moneyColumn("Job costs")),
  moneyColumn("Net"),
];

function TaxYearSummary({ report }: { report: TTaxReport }) {
  const t = report.totals;
  const cell = `px-4 py-3 text-right whitespace-nowrap tabular-nums ${WIDE_ONLY}`;
  return (
    <SectionCard
      id="tax-year-summary"
      title={`Tax year ${report.taxYear}`}
      description={`${formatDateGb(report.from)} to ${formatDateGb(report.to)}`}
    >
      <div className="grid gap-6">
        <SettlementNote settlement={{ collected: 0, expected: 0, demo: t.demoNetPence / 100 }} />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SummaryStat
            icon={Banknote}
            label="Stay income"
            value={formatPence(t.grossPence)}
            hint="Your share and the manager's fee, before refunds"
          />
          <SummaryStat icon={Receipt} label="Refunds" value={formatPence(-t.refundsPence)} />
          <SummaryStat icon={Building2} label="Manager's fees" value={formatPence(-t.managerFeesPence)} />
          <SummaryStat icon={Wrench} label="Job costs" value={formatPence(-t.jobCostsPence)} />
          <SummaryStat
            icon={Calculator}
            label="Net"
            value={formatPence(t.netPence)}
            hint={`Of which demo money: ${formatPence(t.demoNetPence)}`}
          />
          <SummaryStat
            icon={Landmark}
            label="Transfers received"
            value={formatPence(t.transfersPence)}
            hint={`Of which demo money: ${formatPence(t.demoTransfersPence)}`}
          />
        </ul>
        <MoneyTable caption={`Tax year ${report.taxYear} by property`} columns={COLUMNS} fitsPhone>
          {report.properties.map((p) => {
            const figures = [
              ["Stay income", p.grossPence],
              ["Refunds", -p.refundsPence],
              ["Manager's fees", -p.managerFeesPence],
              ["Job costs", -p.jobCostsPence],
            ] as const;
            return (
              <tr key={p.propertyId} className="border-b border-border/60 align-top">
                <th scope="row" className="px-3 py-3 text-left font-medium sm:px-4">
                  {p.title}
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs font-normal text-muted-foreground sm:hidden">
                    {figures.map(([label, pence]) => (
                      <div key={label} className="contents">
                        <dt>{label}</dt>
                        <dd className="text-right tabular-nums">{formatPence(pence)}</dd>
                      </div>
                    ))}
                  </dl>
                </th>
                {figures.map(([label, pence]) => (
                  <td key={label} className={cell}>
                    {formatPence(pence)}
                  </td>
                ))}
                <td className="px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums sm:px-4 sm:font-normal">
                  {formatPence(p.netPence)}
                </td>
              </tr>
            );
          })}
        </MoneyTable>
      </div>
    </SectionCard>
  );
}
