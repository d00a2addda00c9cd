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
import { queryPageState } from "@/lib/query-state";
import { statementMonthsQueryOptions, statementQueryOptions } from "../api/money-documents-api";
import { DownloadLink } from "./download-link";
import { MoneyTable, moneyColumn, PeriodPicker } from "./period-picker";

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

const COLUMNS = [
  moneyColumn("Date", "left"),
  moneyColumn("Reference", "left"),
  moneyColumn("Description", "left"),
  moneyColumn("Amount"),
  moneyColumn("Balance"),
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
        <MoneyTable caption={`Statement lines for ${title}`} columns={COLUMNS}>
          {statement.lines.map((line) => (
            <tr key={line.id} className="border-b border-border/60 align-top">
              <td className="px-4 py-3 whitespace-nowrap">{line.date}</td>
              <td className="px-4 py-3 whitespace-nowrap">{line.reference ?? "—"}</td>
              <td className="px-4 py-3">
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
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatPence(line.amountPence)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatPence(line.balancePence)}</td>
            </tr>
          ))}
        </MoneyTable>
      </div>
    </SectionCard>
  );
}
