import { formatPence } from "@common/domain/money-documents";
import type { TStatement, TStatementMonth } from "@common/schemas/money-documents";
import { useQuery } from "@tanstack/react-query";
import { ReceiptText, Wallet } from "lucide-react";
import { useState } from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { SettlementBadge, SettlementNote } from "@/components/ui/settlement-note";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStat } from "@/components/ui/summary-stat";
import type { TableColumn } from "@/components/ui/table-head-row";
import { queryPageState } from "@/lib/query-state";
import { statementMonthsQueryOptions, statementQueryOptions } from "../api/money-documents-api";
import { DownloadLink } from "./download-link";
import { MoneyTable, moneyColumn, PeriodPicker, WIDE_ONLY, wideOnly } from "./period-picker";

/** "March 2026" for 2026-03. */
export function monthName(month: string): string {
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * A payee's statements: the months with lines (newest first), the chosen month's lines with their running balance,
 * and the month as a PDF or a CSV. Demo money is labelled line by line and said plainly above the table.
 */
export function StatementsView() {
  const months = useQuery(statementMonthsQueryOptions);
  return (
    <QueryStateView
      state={queryPageState(months)}
      errorTitle="Your statements could not be loaded"
      loading={<Skeleton className="h-96 rounded-3xl" />}
    >
      {(list) =>
        list.length === 0 ? (
          <EmptyList icon={ReceiptText} title="No statements yet">
            When you earn through StayLondon, each month's earnings, refunds and transfers appear here.
          </EmptyList>
        ) : (
          <MonthStatements months={list} />
        )
      }
    </QueryStateView>
  );
}

function MonthStatements({ months }: { months: TStatementMonth[] }) {
  const [month, setMonth] = useState(months[0]?.month ?? "");
  const statement = useQuery(statementQueryOptions(month));
  return (
    <div className="grid gap-6">
      <PeriodPicker
        label="Month"
        value={month}
        options={months.map((m) => ({ value: m.month, label: `${monthName(m.month)}${m.demo ? " (demo)" : ""}` }))}
        onChange={setMonth}
        downloads={
          <>
            <DownloadLink href={`/api/statements/${month}.pdf`} detail={`statement for ${monthName(month)}`}>
              PDF
            </DownloadLink>
            <DownloadLink href={`/api/statements/${month}.csv`} detail={`statement for ${monthName(month)}`}>
              CSV
            </DownloadLink>
          </>
        }
      />
      <QueryStateView
        state={queryPageState(statement, "refetch")}
        errorTitle="This month's statement could not be loaded"
        loading={<Skeleton className="h-64 rounded-3xl" />}
      >
        {(s) => <StatementTable statement={s} />}
      </QueryStateView>
    </div>
  );
}

/**
 * On a phone the table keeps two columns: the date and reference move above the description, and the balance under
 * the amount, so a line reads whole without scrolling sideways. From a tablet's width up each has its own column.
 */
const COLUMNS: TableColumn[] = [
  wideOnly(moneyColumn("Date", "left")),
  wideOnly(moneyColumn("Reference", "left")),
  moneyColumn("Description", "left"),
  {
    ...moneyColumn("Amount"),
    label: (
      <>
        Amount<span className="sm:hidden"> and balance</span>
      </>
    ),
  },
  wideOnly(moneyColumn("Balance")),
];

function StatementTable({ statement }: { statement: TStatement }) {
  const demoPence = statement.lines.filter((l) => l.demo).reduce((sum, l) => sum + Math.abs(l.amountPence), 0);
  const title = monthName(statement.month);
  return (
    <SectionCard
      id="statement-lines"
      title={title}
      description="Money to you is positive; money leaving your balance is negative."
    >
      <div className="grid gap-6">
        <SettlementNote settlement={{ collected: 0, expected: 0, demo: demoPence / 100 }} />
        <ul className="grid gap-4 sm:grid-cols-2">
          <SummaryStat icon={Wallet} label="Opening balance" value={formatPence(statement.openingPence)} />
          <SummaryStat icon={Wallet} label="Closing balance" value={formatPence(statement.closingPence)} />
        </ul>
        <MoneyTable caption={`Statement lines for ${title}`} columns={COLUMNS} fitsPhone>
          {statement.lines.map((line) => (
            <tr key={line.id} className="border-b border-border/60 align-top">
              <td className={`px-4 py-3 whitespace-nowrap ${WIDE_ONLY}`}>{line.date}</td>
              <td className={`px-4 py-3 whitespace-nowrap ${WIDE_ONLY}`}>{line.reference ?? "—"}</td>
              <td className="px-3 py-3 sm:px-4">
                <span className="mb-1 block text-xs text-muted-foreground tabular-nums sm:hidden">
                  <span className="block">{line.date}</span>
                  {line.reference ? <span className="block">{line.reference}</span> : null}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  {line.description}
                  {line.demo ? <SettlementBadge settlement="demo" /> : null}
                </span>
                {line.stay ? (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    Stay total {formatPence(line.stay.totalPence)}, guest's service fee{" "}
                    {formatPence(line.stay.serviceFeePence)}, manager's fee {formatPence(line.stay.managerFeePence)}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums sm:px-4">
                {formatPence(line.amountPence)}
                <span className="mt-1 block text-xs text-muted-foreground sm:hidden">
                  Balance {formatPence(line.balancePence)}
                </span>
              </td>
              <td className={`px-4 py-3 text-right whitespace-nowrap tabular-nums ${WIDE_ONLY}`}>
                {formatPence(line.balancePence)}
              </td>
            </tr>
          ))}
        </MoneyTable>
      </div>
    </SectionCard>
  );
}
