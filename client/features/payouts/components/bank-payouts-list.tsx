import type { TBankPayout } from "@common/entities/payout-account";
import { formatDate } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds } from "@/lib/format";
import { queryPageState } from "@/lib/query-state";
import { bankPayoutsQueryOptions } from "../api/payouts-api";

/**
 * Stripe's payouts of the payee's Stripe balance into their bank, as Stripe reported them: the step after our
 * transfers, on the account's own payout schedule. In demo mode nothing reaches a bank, and the section says so.
 */
export function BankPayoutsSection() {
  const bankPayouts = useQuery(bankPayoutsQueryOptions);
  return (
    <SectionCard
      id="bank-payouts"
      title="Bank payouts"
      description="What Stripe has paid from your Stripe balance into your bank account."
    >
      <QueryStateView
        state={queryPageState(bankPayouts, "refetch")}
        errorTitle="Your bank payouts could not be loaded"
        loading={<Skeleton className="h-24 rounded-2xl" />}
      >
        {({ demo, payouts }) =>
          payouts.length > 0 ? (
            <table className="w-full text-sm">
              <caption className="sr-only">Bank payouts, latest first</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    Arrival date
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border border-y border-border">
                {payouts.map((payout) => (
                  <BankPayoutRow key={payout.id} payout={payout} />
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted-foreground">
              {demo
                ? "Demo mode: no money is paid into any bank, so there are no bank payouts to show."
                : "No bank payouts yet. Stripe pays your balance into your bank on your account's payout schedule."}
            </p>
          )
        }
      </QueryStateView>
    </SectionCard>
  );
}

function BankPayoutRow({ payout }: { payout: TBankPayout }) {
  return (
    <tr>
      <td className="py-3">
        <time dateTime={payout.arrivalDate}>{formatDate(payout.arrivalDate)}</time>
      </td>
      <td className="py-3">
        {payout.status === "paid" ? (
          <Badge variant="success">Paid</Badge>
        ) : (
          <Badge variant="warning">Failed: back on your Stripe balance</Badge>
        )}
      </td>
      <td className="py-3 text-right font-display text-base tabular-nums">{formatPounds(payout.amount)}</td>
    </tr>
  );
}
