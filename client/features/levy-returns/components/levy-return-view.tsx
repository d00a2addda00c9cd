import { formatDateGb, londonToday } from "@common/domain/calendar-dates";
import { formatPence } from "@common/domain/money-documents";
import {
  type TLevyPaymentRequest,
  type TLevyQuarter,
  type TLevyReturn,
  ZLevyPaymentRequest,
} from "@common/schemas/levy-returns";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { FlaskConical, Landmark } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { type TableColumn, TableHeadRow } from "@/components/ui/table-head-row";
import { serverMessageOf } from "@/lib/error-message";
import { queryPageState } from "@/lib/query-state";
import { levyReturnQueryOptions, usePayLevy } from "../api/levy-returns-api";

/** The levy began in 2026; a return exists for every year since, up to this one. */
const FIRST_YEAR = 2026;

/** Whether a quarter ("2026-Q3") has ended by `today`: only then can its levy be paid. */
function quarterEnded(quarter: string, today: string): boolean {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  const next = q === 4 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 1).padStart(2, "0")}-01`;
  return today >= next;
}

/**
 * A host's visitor levy return: per quarter of check-in, the stays, levied nights and levy collected, what has been
 * paid to the council from the levy held for them and what is still owed, with the form that pays an ended quarter.
 */
export function LevyReturnView() {
  const today = londonToday();
  const thisYear = Math.max(FIRST_YEAR, Number(today.slice(0, 4)));
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);
  const [year, setYear] = useState(thisYear);
  const levyReturn = useQuery(levyReturnQueryOptions(year));
  return (
    <div className="grid gap-6">
      <div className="grid max-w-xs gap-2">
        <label htmlFor="levy-year" className="text-sm font-medium">
          Year
        </label>
        <NativeSelect id="levy-year" value={year} onChange={(event) => setYear(Number(event.currentTarget.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </div>
      <QueryStateView
        state={queryPageState(levyReturn, "refetch")}
        errorTitle="This year's levy return could not be loaded"
        loading={<Skeleton className="h-64 rounded-3xl" />}
      >
        {(r) => <YearReturn levyReturn={r} today={today} />}
      </QueryStateView>
    </div>
  );
}

const COLUMNS: readonly TableColumn[] = [
  { name: "Quarter", className: "py-2 pr-3 text-left font-medium" },
  { name: "Stays", className: "hidden py-2 px-3 text-right font-medium sm:table-cell" },
  { name: "Levied nights", className: "hidden py-2 px-3 text-right font-medium sm:table-cell" },
  { name: "Levied", className: "py-2 px-3 text-right font-medium" },
  { name: "Paid", className: "py-2 px-3 text-right font-medium" },
  { name: "Still owed", className: "py-2 pl-3 text-right font-medium" },
];

function YearReturn({ levyReturn, today }: { levyReturn: TLevyReturn; today: string }) {
  const payable = levyReturn.quarters.filter((q) => q.owedPence > 0 && !q.payment && quarterEnded(q.quarter, today));
  return (
    <div className="grid gap-6">
      {levyReturn.demo ? (
        <Alert variant="warning">
          <FlaskConical aria-hidden="true" />
          <AlertTitle>Demo money</AlertTitle>
          <AlertDescription>
            Some of these stays were confirmed without card payments, or paid in demo mode: no real levy was collected
            or sent to the council for them.
          </AlertDescription>
        </Alert>
      ) : null}
      <SectionCard
        id="levy-quarters-heading"
        // A grid item grows to its content unless told not to; the table scrolls inside it instead.
        className="min-w-0"
        title={`${levyReturn.area}, ${levyReturn.year}`}
        description="By the quarter of each stay's check-in. Amounts are the levy collected from guests and held for you."
      >
        {levyReturn.quarters.length === 0 ? (
          <EmptyList icon={Landmark} title="No levied stays this year">
            Stays at your Edinburgh listings from 24 July 2026 carry the visitor levy; they appear here by quarter.
          </EmptyList>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">Visitor levy by quarter: levied, paid and still owed</caption>
              <TableHeadRow className="border-b border-border text-muted-foreground" columns={COLUMNS} />
              <tbody>
                {levyReturn.quarters.map((q) => (
                  <QuarterRow key={q.quarter} quarter={q} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SectionCard>
      {payable.length > 0 ? <PayForm year={levyReturn.year} quarters={payable} /> : null}
    </div>
  );
}

function QuarterRow({ quarter: q }: { quarter: TLevyQuarter }) {
  return (
    <>
      <tr className={q.payment ? "" : "border-b border-border last:border-0"} data-testid={`levy-quarter-${q.quarter}`}>
        <th scope="row" className="whitespace-nowrap py-3 pr-3 text-left font-medium">
          {q.quarter}
        </th>
        <td className="hidden py-3 px-3 text-right sm:table-cell">{q.stays}</td>
        <td className="hidden py-3 px-3 text-right sm:table-cell">{q.nights}</td>
        <td className="py-3 px-3 text-right">{formatPence(q.levyPence)}</td>
        <td className="py-3 px-3 text-right">{formatPence(q.paidPence)}</td>
        <td className="py-3 pl-3 text-right font-semibold">{formatPence(q.owedPence)}</td>
      </tr>
      {q.payment ? (
        // The payment's own line, under its quarter, so a phone's narrow first column need not hold it.
        <tr className="border-b border-border last:border-0" data-testid={`levy-payment-${q.quarter}`}>
          <td colSpan={6} className="pb-3 text-xs text-muted-foreground [overflow-wrap:anywhere]">
            Paid to the council on {formatDateGb(q.payment.paidAt.slice(0, 10))}, reference {q.payment.reference}{" "}
            {q.payment.demo ? <Badge variant="warning">Demo</Badge> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function PayForm({ year, quarters }: { year: number; quarters: TLevyQuarter[] }) {
  const pay = usePayLevy(year);
  const [failure, setFailure] = useState<string | null>(null);
  const first = quarters[0];
  const form = useForm<TLevyPaymentRequest>({
    resolver: zodResolver(ZLevyPaymentRequest),
    defaultValues: {
      quarter: first ? Number(first.quarter.slice(6)) : 1,
      amount: first ? (first.owedPence / 100).toFixed(2) : "",
      reference: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await pay.mutateAsync(values);
      form.reset({ ...values, reference: "" });
    } catch (error) {
      setFailure(serverMessageOf(error, "The payment could not be recorded. Please try again."));
    }
  });
  return (
    <SectionCard
      id="levy-pay-heading"
      title="Pay a quarter's levy to the council"
      description="Pays an ended quarter's levy out of what we hold for you, once; never more than it owes."
    >
      <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-3">
        <FormField id="levy-pay-quarter" label="Quarter" required error={errors.quarter?.message}>
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register("quarter", {
                valueAsNumber: true,
                onChange: (event) => {
                  const chosen = quarters.find((q) => q.quarter === `${year}-Q${event.target.value}`);
                  if (chosen) form.setValue("amount", (chosen.owedPence / 100).toFixed(2));
                },
              })}
            >
              {quarters.map((q) => (
                <option key={q.quarter} value={Number(q.quarter.slice(6))}>
                  {q.quarter} ({formatPence(q.owedPence)} owed)
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="levy-pay-amount"
          label="Amount (£)"
          required
          hint="In pounds, such as 125.50"
          error={errors.amount?.message}
        >
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("amount")} />}
        </FormField>
        <FormField
          id="levy-pay-reference"
          label="Reference"
          required
          hint="Your council return or remittance number"
          error={errors.reference?.message}
        >
          {(control) => <Input {...control} autoComplete="off" maxLength={80} {...form.register("reference")} />}
        </FormField>
        {failure ? (
          <div className="sm:col-span-3">
            <FormFailure>{failure}</FormFailure>
          </div>
        ) : null}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Paying…" : "Pay to the council"}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
