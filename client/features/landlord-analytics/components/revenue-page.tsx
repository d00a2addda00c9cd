import type { TMonthlyRevenueAnalytics, TRevenueAnalytics } from "@common/schemas/analytics";
import { formatWeekdayDate } from "@common/utils/dates";
import {
  BarChart3,
  CalendarDays,
  FileText,
  Landmark,
  PoundSterling,
  Receipt,
  ReceiptText,
  TrendingUp,
  Wallet,
} from "lucide-react";
import { Link } from "react-router";
import { BarChart } from "@/components/charts/bar-chart";
import { sumAmounts } from "@/components/charts/figure-format";
import { GrowthBadge } from "@/components/charts/growth-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { SectionCard } from "@/components/ui/section-card";
import { SettlementBadge, SettlementNote } from "@/components/ui/settlement-note";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import type { QueryPageState } from "@/lib/query-state";
import { amountPerNight, monthlyRevenueBars, thisMonthGrowth, transactionStatusLabel } from "../utils/analytics-format";
import { AnalyticsEmpty, AnalyticsPageFrame, REVENUE_HINT } from "./analytics-parts";

/** Revenue Analytics: four figures, the 8-month trend and the latest revenue bookings. */
export function RevenuePage({
  state,
  monthly,
  taxDetailsLink = false,
}: {
  state: QueryPageState<TRevenueAnalytics>;
  /** The 8-month trend for the small chart; optional, so its failure only hides the chart. */
  monthly: QueryPageState<TMonthlyRevenueAnalytics>;
  /** Point to the tax details page (a landlord, who is paid; not an admin reading everyone's figures). */
  taxDetailsLink?: boolean;
}) {
  return (
    <AnalyticsPageFrame
      eyebrow="Your properties"
      title="Revenue Analytics"
      lead="What your stays have earned, this month and all time."
      hint={REVENUE_HINT}
      sideBySideFrom="lg"
      actions={
        <>
          <LinkButton to="/landlord/revenue/monthly" icon={BarChart3}>
            Monthly Reports
          </LinkButton>
          <LinkButton to="/account/payouts" icon={Wallet} variant="outline">
            Payout Settings
          </LinkButton>
          <LinkButton to="/account/tax-reports" icon={FileText} variant="outline">
            Tax Reports
          </LinkButton>
          <LinkButton to="/account/levy-returns" icon={Landmark} variant="outline">
            Levy Returns
          </LinkButton>
        </>
      }
      state={state}
      loadingLabel="Loading your revenue…"
      figureCount={4}
      errorTitle="Failed to load revenue data"
    >
      {(revenue) => <RevenueContent revenue={revenue} monthly={monthly} taxDetailsLink={taxDetailsLink} />}
    </AnalyticsPageFrame>
  );
}

function RevenueContent({
  revenue,
  monthly,
  taxDetailsLink,
}: {
  revenue: TRevenueAnalytics;
  monthly: QueryPageState<TMonthlyRevenueAnalytics>;
  taxDetailsLink: boolean;
}) {
  const growth = thisMonthGrowth(revenue.growth, revenue.monthlyRevenue);
  return (
    <div className="grid gap-10">
      <SummaryStatsSection
        headingId="revenue-figures-heading"
        heading="Revenue figures"
        gridClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        figures={[
          { icon: PoundSterling, label: "Total Revenue", value: formatPounds(revenue.totalRevenue), hint: "All time" },
          {
            icon: TrendingUp,
            label: "This Month",
            value: formatPounds(revenue.monthlyRevenue),
            badge: <GrowthBadge text={growth.text} tone={growth.tone} label="Growth:" />,
            hint: growth.explanation,
          },
          {
            icon: CalendarDays,
            label: "Daily Average",
            value: formatPounds(revenue.dailyAverage),
            hint: "This month's revenue over its days",
          },
          {
            icon: Receipt,
            label: "Total Transactions",
            value: formatInteger(revenue.totalTransactions),
            hint: "Stays that earned you money",
          },
        ]}
      />

      <SettlementNote settlement={revenue.settlement} />

      <MonthlyTrendCard monthly={monthly} />

      <SectionCard
        id="recent-transactions-heading"
        title="Recent Transactions"
        description="Your latest revenue bookings by check-in date, newest first."
      >
        {revenue.transactions.length === 0 ? (
          <AnalyticsEmpty icon={ReceiptText} title="No revenue yet">
            <p>
              When a guest's stay at one of your properties is confirmed, it appears here with its nights and amount.
            </p>
          </AnalyticsEmpty>
        ) : (
          <TransactionList transactions={revenue.transactions} />
        )}
      </SectionCard>

      {taxDetailsLink ? (
        <p className="text-sm text-muted-foreground">
          HMRC needs your tax details before your first payout, and a yearly report of your earnings.{" "}
          <Link to="/account/tax-details" className="font-medium text-foreground underline underline-offset-4">
            Your tax details
          </Link>{" "}
          ·{" "}
          <Link to="/account/statements" className="font-medium text-foreground underline underline-offset-4">
            Statements
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function TransactionList({ transactions }: { transactions: TRevenueAnalytics["transactions"] }) {
  const total = sumAmounts(transactions.map((t) => t.amount));
  return (
    <>
      <ul aria-label="Transactions" className="divide-y divide-border border-y border-border">
        {transactions.map((transaction) => {
          const perNight = amountPerNight(transaction.amount, transaction.nights);
          return (
            <li
              key={transaction.id}
              data-transaction-id={transaction.id}
              className="flex items-start justify-between gap-4 py-4 sm:items-center"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium break-words">{transaction.propertyTitle}</p>
                  <Badge className="border-sky-200 bg-sky-50 text-sky-800">
                    {transactionStatusLabel(transaction.status)}
                  </Badge>
                  <SettlementBadge settlement={transaction.settlement} />
                </div>
                <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
                  <span>
                    Property <span className="tabular-nums">#{transaction.propertyId}</span>
                  </span>
                  <span>
                    Check-in <time dateTime={transaction.date}>{formatWeekdayDate(transaction.date)}</time>
                  </span>
                  <span>{pluralize(transaction.nights, "night")}</span>
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-display text-xl font-medium tabular-nums">{formatPounds(transaction.amount)}</p>
                <p className="text-xs text-muted-foreground tabular-nums sm:text-sm">
                  {perNight === null ? "—" : `${formatPounds(perNight)} per night`}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm text-muted-foreground">
          Total of the {pluralize(transactions.length, "listed transaction")}
        </span>
        <span data-testid="transactions-total" className="font-display text-2xl font-medium tabular-nums">
          {formatPounds(total)}
        </span>
      </p>
    </>
  );
}

function MonthlyTrendCard({ monthly }: { monthly: QueryPageState<TMonthlyRevenueAnalytics> }) {
  return (
    <SectionCard
      id="revenue-trend-heading"
      title="Last 8 months"
      description="Revenue by month of check-in."
      aside={
        <Button asChild variant="link" size="sm">
          <Link to="/landlord/revenue/monthly">See the monthly analysis</Link>
        </Button>
      }
    >
      {monthly.status === "loading" ? <Skeleton className="h-52 rounded-2xl" /> : null}
      {monthly.status === "error" ? (
        <p className="text-sm text-muted-foreground">
          The monthly trend could not be loaded.{" "}
          <Button variant="link" size="sm" onClick={monthly.retry} disabled={monthly.retrying}>
            Try again
          </Button>
        </p>
      ) : null}
      {monthly.status === "ready" ? (
        <BarChart
          caption="Revenue by month, last 8 months"
          labelHeader="Month"
          valueHeader="Revenue"
          emptyText="No revenue in these months yet"
          highlightKey={monthly.data.currentMonth.month}
          data={monthlyRevenueBars(monthly.data.monthlyBreakdown)}
        />
      ) : null}
    </SectionCard>
  );
}
