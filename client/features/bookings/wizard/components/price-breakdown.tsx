import { PERIODIC_FIRST_PAYMENT_LABEL } from "@common/domain/periodic-terms";
import type { StayMode } from "@common/domain/stay-modes";
import type { TPeriodicTenancyTerm, TQuote } from "@common/schemas/bookings";
import { AllInFirstLine } from "@/components/stay-modes/all-in-line";
import { rentLabel } from "@/components/stay-modes/rent-label";
import { formatPounds, pluralize, toAmount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { groupNights } from "../utils/wizard-rules";

/** Pounds owed for a stay, as the server priced it. */
export type PriceLines = {
  nights: number;
  /** Each night's price when known (a quote); otherwise only the nights' subtotal is shown. */
  nightly?: TQuote["nightly"];
  subtotal: number;
  serviceFee: number;
  total: number;
  /** A night's all-in price when every night costs the same (a quote); the first line shows it before the total. */
  allInNightly?: number | null;
  /** A tenancy is rent, not nights, and carries no service fee. */
  mode?: StayMode | null;
  rent?: TQuote["rent"];
  /** A visitor levy inside the total (Edinburgh), when the quote carries one. */
  levy?: TQuote["visitorLevy"];
};

export function priceLinesFromQuote(quote: TQuote): PriceLines {
  return {
    nights: quote.nights,
    nightly: quote.nightly,
    subtotal: quote.subtotal,
    serviceFee: quote.serviceFee,
    total: quote.total,
    allInNightly: quote.allInNightly,
    mode: quote.mode,
    rent: quote.rent,
    levy: quote.visitorLevy,
  };
}

/**
 * From a booking: the total and fee are stored; the nights' subtotal is what is left. A periodic tenancy's total is
 * its first month's rent.
 */
export function priceLinesFromBooking(booking: {
  nights: number;
  totalPrice: string;
  serviceFee: string | null;
  stayMode?: StayMode | null;
  periodicTenancy?: TPeriodicTenancyTerm | null;
}): PriceLines {
  const total = toAmount(booking.totalPrice);
  const serviceFee = toAmount(booking.serviceFee);
  const periodic = booking.periodicTenancy;
  return {
    nights: booking.nights,
    subtotal: Math.round((total - serviceFee) * 100) / 100,
    serviceFee,
    total,
    mode: booking.stayMode ?? null,
    ...(periodic ? { rent: { monthly: toAmount(periodic.monthlyRent), months: 1, extraDays: 0, periodic: true } } : {}),
  };
}

/** The all-in price first, then nights (night by night when prices differ), the 10% service fee and the total. */
export function PriceBreakdown({ lines, className }: { lines: PriceLines; className?: string }) {
  const tenancy = lines.mode === "tenancy";
  const groups = lines.nightly && !tenancy ? groupNights(lines.nightly) : [];
  return (
    <dl className={cn("grid gap-2.5 text-sm tabular-nums", className)}>
      {tenancy ? null : <AllInFirstLine nights={lines.nights} allInNightly={lines.allInNightly} total={lines.total} />}
      {tenancy ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{lines.rent ? rentLabel(lines.rent) : "Rent"}</dt>
          <dd>{formatPounds(lines.subtotal)}</dd>
        </div>
      ) : groups.length > 0 ? (
        groups.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of nights in date order
          <div key={index} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">
              {formatPounds(group.price)} × {pluralize(group.nights, "night")}
            </dt>
            <dd>{formatPounds(group.price * group.nights)}</dd>
          </div>
        ))
      ) : (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{pluralize(lines.nights, "night")}</dt>
          <dd>{formatPounds(lines.subtotal)}</dd>
        </div>
      )}
      {groups.length > 1 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Nights subtotal ({pluralize(lines.nights, "night")})</dt>
          <dd>{formatPounds(lines.subtotal)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{tenancy ? "Service fee" : "Service fee (10%)"}</dt>
        <dd>{tenancy ? "None on a tenancy" : formatPounds(lines.serviceFee)}</dd>
      </div>
      {lines.levy ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            {lines.levy.label} ({pluralize(lines.levy.nights.length, "night")})
          </dt>
          <dd>{formatPounds(lines.levy.amount)}</dd>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
        <dt>{lines.rent?.periodic ? PERIODIC_FIRST_PAYMENT_LABEL : "Total"}</dt>
        <dd>{formatPounds(lines.total)}</dd>
      </div>
    </dl>
  );
}
