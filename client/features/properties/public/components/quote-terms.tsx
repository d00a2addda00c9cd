import type { TQuote } from "@common/schemas/bookings";
import { StayGuidance, TenancyDeposits } from "@/components/stay-modes/stay-terms";
import { formatPounds } from "@/lib/format";

/** Under the price: a tenancy's deposits and the rules that come with the stay, with their sources. */
export default function QuoteTerms({ quote }: { quote: TQuote }) {
  return (
    <>
      {quote.deposits ? (
        <div className="mt-3">
          <TenancyDeposits deposits={quote.deposits} />
        </div>
      ) : null}
      {quote.securityDeposit ? (
        <p className="mt-3 rounded-xl border border-border p-3 text-sm" data-testid="security-deposit-note">
          <span className="font-medium">Refundable security deposit: {formatPounds(quote.securityDeposit)}</span>{" "}
          <span className="text-muted-foreground">
            Not in the total. It is held on your card the day before check-in and released after check-out; only damage
            you accept, or our team decides, is taken from it.
          </span>
        </p>
      ) : null}
      <StayGuidance guidance={quote.guidance} className="mt-3" />
    </>
  );
}
