import { londonToday } from "@common/domain/calendar-dates";
import { poundsToPence } from "@common/domain/pricing";
import {
  depositCapPence,
  depositCapWeeks,
  formatPence,
  holdingDepositCapPence,
  type ListingTerms,
  modeRangeText,
  offersMode,
  STAY_MODE_LABELS,
  STAY_MODE_SUMMARIES,
  STAY_MODES,
} from "@common/domain/stay-modes";
import type { TPropertyDetail } from "@common/schemas/properties";
import { formatPounds } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * "Ways to stay" on the listing: each mode, how long it may be here or that it is not offered, and its rules in
 * plain words with a tenancy's deposits and their legal caps. Drawn on the server with the page, from the listing
 * alone; the price card's quote adds the detailed rules and their sources once dates are chosen.
 */
export function PropertyStayModes({ property }: { property: TPropertyDetail }) {
  const modes: ListingTerms = property;
  const today = londonToday();
  const monthlyPence = poundsToPence(property.pricePerMonth);

  return (
    <section aria-labelledby="stay-modes-heading" className="mt-12 border-t border-border pt-10">
      <h2 id="stay-modes-heading" className="font-display text-2xl font-medium">
        Ways to stay
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        The length of your stay decides how it is let. Choose your dates and the price card shows which applies, with
        its rules and their sources.
      </p>
      <ul className="mt-6 grid gap-3 md:grid-cols-3">
        {STAY_MODES.map((mode) => {
          const offered = offersMode(modes, mode);
          return (
            <li
              key={mode}
              className={cn(
                "rounded-2xl border p-5",
                offered ? "border-border bg-card shadow-soft" : "border-dashed border-border bg-transparent",
              )}
            >
              <p className="font-medium">{STAY_MODE_LABELS[mode]}</p>
              <p className={cn("mt-1 text-sm", offered ? "text-foreground" : "text-muted-foreground")}>
                {offered ? modeRangeText(modes, mode, today) : "Not offered here"}
              </p>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{STAY_MODE_SUMMARIES[mode]}</p>
              {mode === "short_let" && offered && property.securityDepositAmount ? (
                <p className="mt-3 border-t border-border pt-3 text-sm">
                  <span className="font-medium">
                    Refundable security deposit: {formatPounds(property.securityDepositAmount)}
                  </span>{" "}
                  <span className="text-muted-foreground">
                    held on your card around the stay, not charged and not part of the price; released after check-out
                    unless damage is agreed.
                  </span>
                </p>
              ) : null}
              {mode === "tenancy" && offered ? (
                <div className="mt-3 border-t border-border pt-3">
                  <dl className="space-y-1.5 text-sm tabular-nums">
                    <div className="flex justify-between gap-3">
                      <dt className="text-muted-foreground">Holding deposit</dt>
                      <dd>{property.holdingDepositAmount ? formatPounds(property.holdingDepositAmount) : "None"}</dd>
                    </div>
                    <div className="flex justify-between gap-3">
                      <dt className="text-muted-foreground">Deposit</dt>
                      <dd>{property.depositAmount ? formatPounds(property.depositAmount) : "None"}</dd>
                    </div>
                  </dl>
                  <p className="pt-2 text-xs text-muted-foreground">
                    At most {formatPence(holdingDepositCapPence(monthlyPence))} and{" "}
                    {formatPence(depositCapPence(monthlyPence))} ({depositCapWeeks(monthlyPence * 12)} weeks' rent) by
                    law at {formatPounds(property.pricePerMonth)} a month.
                  </p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {property.tenancyOffered && property.epcExemptionReference ? (
        <p className="mt-4 text-sm text-muted-foreground">
          EPC band {property.epcRating}: an energy-efficiency exemption is registered (reference{" "}
          {property.epcExemptionReference}).
        </p>
      ) : null}
    </section>
  );
}
