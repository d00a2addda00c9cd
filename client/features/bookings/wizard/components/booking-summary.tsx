import { partySummary, type TParty } from "@common/domain/party";
import { PERIODIC_TENANCY_TERMS } from "@common/domain/periodic-terms";
import type { TQuote } from "@common/schemas/bookings";
import type { TPropertyDetail } from "@common/schemas/properties";
import { formatWeekdayDate } from "@common/utils/dates";
import { CalendarDays, MapPin, Users } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { StayGuidance, StayModeLine, TenancyDeposits } from "@/components/stay-modes/stay-terms";
import { PriceBreakdown, type PriceLines } from "./price-breakdown";

const PLACEHOLDER = "/images/property-placeholder.webp";

/**
 * The side panel: the property, the stay as chosen so far and, once the server has priced it, the price. A periodic
 * tenancy shows its move-in day and that it runs until notice, as it has no check-out.
 */
export function BookingSummary({
  property,
  checkIn,
  checkOut,
  periodic = false,
  party,
  price,
  priceNote,
  terms,
}: {
  property: TPropertyDetail;
  checkIn: string;
  checkOut: string;
  periodic?: boolean;
  /** Who comes, named as the guest's booking card names it: "3 guests, 1 infant, 1 pet". */
  party: TParty;
  price: PriceLines | null;
  /** The quote behind the price, for the stay's mode, deposits and rules. */
  terms?: TQuote | null;
  /** Shown instead of the price (still checking, or why the stay cannot be priced). */
  priceNote?: React.ReactNode;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = !imageFailed && property.images[0] ? property.images[0] : PLACEHOLDER;
  return (
    <section
      aria-labelledby="booking-summary-heading"
      className="overflow-hidden rounded-3xl border border-border bg-card shadow-soft"
    >
      <div className="flex gap-4 border-b border-border p-5">
        <img
          src={image}
          alt=""
          width={112}
          height={84}
          onError={() => setImageFailed(true)}
          className="h-20 w-28 shrink-0 rounded-xl bg-secondary object-cover"
        />
        <div className="min-w-0">
          <h2 id="booking-summary-heading" className="font-display text-lg leading-snug font-medium">
            <span className="sr-only">Your stay at </span>
            {property.title}
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
            {property.city || "London"}
          </p>
        </div>
      </div>
      <div className="grid gap-5 p-5">
        <dl className="grid grid-cols-2 gap-4 text-sm">
          {[
            {
              term: periodic ? "Move-in" : "Check-in",
              icon: CalendarDays,
              value: checkIn ? formatWeekdayDate(checkIn) : null,
            },
            periodic
              ? { term: "Ends", icon: CalendarDays, value: "On notice" }
              : { term: "Check-out", icon: CalendarDays, value: checkOut ? formatWeekdayDate(checkOut) : null },
            { term: "Guests", icon: Users, value: partySummary(party), wide: true },
          ].map(({ term, icon: Icon, value, wide }) => (
            <div key={term} className={wide ? "col-span-2" : undefined}>
              <dt className="flex items-center gap-1.5 text-xs tracking-wide text-muted-foreground uppercase">
                <Icon aria-hidden="true" className="size-3.5" />
                {term}
              </dt>
              <dd className="mt-1 font-medium">{value ?? "Not chosen"}</dd>
            </div>
          ))}
        </dl>
        <div className="border-t border-border pt-5">
          <h3 className="text-sm font-semibold">Price</h3>
          {terms ? <StayModeLine mode={terms.mode} periodic={terms.rent?.periodic} className="mt-3" /> : null}
          {periodic && !terms ? (
            <p className="mt-3 text-sm text-muted-foreground">{PERIODIC_TENANCY_TERMS.line}</p>
          ) : null}
          {price ? (
            <PriceBreakdown lines={price} className="mt-3" />
          ) : (
            <div className="mt-2 text-sm text-muted-foreground">
              {priceNote ?? "Choose your dates to see the price."}
            </div>
          )}
          {terms?.deposits ? (
            <div className="mt-3">
              <TenancyDeposits deposits={terms.deposits} />
            </div>
          ) : null}
          {terms ? <StayGuidance guidance={terms.guidance} className="mt-3" /> : null}
        </div>
      </div>
    </section>
  );
}
