import { PERIODIC_FIRST_PAYMENT_LABEL } from "@common/domain/periodic-terms";
import type { TQuote } from "@common/schemas/bookings";
import { formatWeekdayDayMonth } from "@common/utils/dates";
import { CalendarX } from "lucide-react";
import { AllInFirstLine } from "@/components/stay-modes/all-in-line";
import { rentLabel } from "@/components/stay-modes/rent-label";
import { StayModeLine } from "@/components/stay-modes/stay-terms";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import QuoteTerms from "./quote-terms";

/**
 * The price card's quote: the stay's mode, its price line by line, its terms, and why it cannot be booked. A quote is
 * only ever asked in the browser, so this loads with the first one, keeping the listing's first download light.
 */
export default function QuoteBreakdown({ quote, updating }: { quote: TQuote; updating: boolean }) {
  const prices = new Set(quote.nightly.map((n) => n.price));
  const uniform = prices.size === 1;
  const nightsLabel = pluralize(quote.nights, "night");
  const tenancy = quote.mode === "tenancy";
  const priceLabel = quote.rent
    ? rentLabel(quote.rent)
    : uniform
      ? `${formatPounds(quote.nightly[0]?.price)} × ${nightsLabel}`
      : nightsLabel;
  return (
    <div className={cn("mt-5 transition-opacity", updating && "opacity-60")} aria-busy={updating}>
      <StayModeLine mode={quote.mode} periodic={quote.rent?.periodic} className="mb-4" />
      <dl className="space-y-2.5 text-sm tabular-nums">
        {tenancy ? null : (
          <AllInFirstLine nights={quote.nights} allInNightly={quote.allInNightly} total={quote.total} />
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{priceLabel}</dt>
          <dd>{formatPounds(quote.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Service fee</dt>
          <dd>{tenancy ? "None on a tenancy" : formatPounds(quote.serviceFee)}</dd>
        </div>
        {quote.visitorLevy ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">
              {quote.visitorLevy.label} ({pluralize(quote.visitorLevy.nights.length, "night")})
            </dt>
            <dd>{formatPounds(quote.visitorLevy.amount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
          <dt>{quote.rent?.periodic ? PERIODIC_FIRST_PAYMENT_LABEL : "Total"}</dt>
          <dd>{formatPounds(quote.total)}</dd>
        </div>
      </dl>
      <QuoteTerms quote={quote} />
      {uniform || quote.nightly.length === 0 ? null : (
        <details className="group mt-3 text-sm">
          <summary className="cursor-pointer rounded-md text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Nightly prices
          </summary>
          <ul className="mt-2 space-y-1.5 tabular-nums">
            {quote.nightly.map((night) => (
              <li key={night.date} className="flex justify-between gap-4">
                <span className="text-muted-foreground">{formatWeekdayDayMonth(night.date)}</span>
                <span>{formatPounds(night.price)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {quote.available ? null : (
        <div className="mt-4 rounded-xl border border-warning/30 bg-warning-soft px-4 py-3 text-sm text-warning">
          <p className="flex items-center gap-2 font-semibold">
            <CalendarX aria-hidden="true" className="size-4 shrink-0" />
            These dates can't be booked
          </p>
          <ul className="mt-1.5 list-disc space-y-1 pl-9 leading-relaxed">
            {quote.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
