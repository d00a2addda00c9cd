import type { TQuote } from "@common/schemas/bookings";
import { StayGuidance, TenancyDeposits } from "@/components/stay-modes/stay-terms";

/** Under the price: a tenancy's deposits and the rules that come with the stay, with their sources. */
export default function QuoteTerms({ quote }: { quote: TQuote }) {
  return (
    <>
      {quote.deposits ? (
        <div className="mt-3">
          <TenancyDeposits deposits={quote.deposits} />
        </div>
      ) : null}
      <StayGuidance guidance={quote.guidance} className="mt-3" />
    </>
  );
}
