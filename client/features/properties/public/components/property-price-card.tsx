import { ALL_IN_LABEL, allInNightlyText } from "@common/domain/all-in";
import { longerThanMonths, nightsBetween } from "@common/domain/calendar-dates";
import { MID_LET_MAX_MONTHS, MID_LET_MIN_NIGHTS } from "@common/domain/stay-modes";
import type { TQuote } from "@common/schemas/bookings";
import type { TPropertyDetail } from "@common/schemas/properties";
import { formatWeekdayDayMonth } from "@common/utils/dates";
import { ArrowRight, CalendarX, ChevronDown, CircleAlert, Tag, Wrench } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AllInFirstLine } from "@/components/stay-modes/all-in-line";
import { rentLabel } from "@/components/stay-modes/rent-label";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { StayDateFields, StayProblemNote } from "@/components/ui/stay-date-field";
import { useStayDraft } from "@/hooks/use-stay-draft";
import { isApiError } from "@/lib/api-client";
import { formatPounds, pluralize, toAmount } from "@/lib/format";
import { applyStayDraft, type StaySearch, stayProblem, staySearchOf } from "@/lib/stay-search";
import { cn } from "@/lib/utils";
import { useStayQuote } from "../api/get-stay-quote";

// The stay's mode, deposits and rules appear with a quote, which is only ever asked in the browser: their code
// loads then, keeping the listing's first download light.
const StayModeLine = lazy(() =>
  import("@/components/stay-modes/stay-terms").then((module) => ({ default: module.StayModeLine })),
);
const QuoteTerms = lazy(() => import("./quote-terms"));

/** The sticky price card of the detail page, pricing the chosen stay with the server's quote. */
export function PropertyPriceCard({ property }: { property: TPropertyDetail }) {
  const id = useId();
  const price = toAmount(property.pricePerNight);
  // The server gives a "was" price only when the listing really charged it lately (its price history).
  const original = property.originalPricePerNight ? toAmount(property.originalPricePerNight) : 0;
  const showOriginal = original > price;
  const underMaintenance = property.status === "maintenance";

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl border border-border bg-card p-6 shadow-lift sm:p-7"
    >
      <h2 id={`${id}-heading`} className="sr-only">
        Price and booking
      </h2>
      <div className="flex items-start justify-between gap-3">
        <div className="tabular-nums">
          {showOriginal && property.originalPricePerNight ? (
            <p className="text-sm text-muted-foreground">
              <span className="sr-only">Was </span>
              {/* The "was" price is the host's nightly price then; shown all-in, like today's, so the two compare. */}
              <s>
                {formatPounds(allInNightlyText(property.originalPricePerNight, { levyPercent: property.levyPercent }))}
              </s>
            </p>
          ) : null}
          <p>
            <span className="font-display text-4xl font-medium" data-testid="listing-all-in-price">
              {formatPounds(property.allInPricePerNight)}
            </span>
            <span className="text-muted-foreground"> per night {ALL_IN_LABEL}</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{formatPounds(property.pricePerMonth)} per month</p>
        </div>
        {showOriginal ? (
          <Badge variant="brass" className="mt-1">
            <Tag aria-hidden="true" />
            Best Price
          </Badge>
        ) : null}
      </div>

      {underMaintenance ? (
        <div className="mt-6 rounded-2xl border border-warning/30 bg-warning-soft p-5 text-warning">
          <p className="flex items-center gap-2 font-semibold">
            <Wrench aria-hidden="true" className="size-4" />
            Under Maintenance
          </p>
          <p className="mt-1.5 text-sm leading-relaxed">
            This property is temporarily unavailable for booking while work is carried out.
          </p>
          <Button asChild variant="outline" className="mt-4 w-full">
            <Link to="/properties">
              Browse other properties
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : (
        <StayPlanner property={property} />
      )}
    </section>
  );
}

/** /booking/{id}?checkIn&checkOut&guests(&asTenancy): the wizard starts from the stay chosen here. */
function bookingHref(propertyId: number, stay: StaySearch, datesValid: boolean, asTenancy: boolean): string {
  const params = new URLSearchParams();
  if (datesValid) {
    params.set("checkIn", stay.checkIn);
    params.set("checkOut", stay.checkOut);
    params.set("guests", String(stay.guests ?? 1));
    if (asTenancy) params.set("asTenancy", "true");
  } else if (stay.guests !== undefined) {
    params.set("guests", String(stay.guests));
  }
  const query = params.toString();
  return `/booking/${propertyId}${query ? `?${query}` : ""}`;
}

/** Dates and guests (kept in the page's URL, so a reload or a shared link keeps them) and the price of the stay. */
function StayPlanner({ property }: { property: TPropertyDetail }) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { draft, update } = useStayDraft(searchParams, (next) =>
    setSearchParams((previous) => applyStayDraft(previous, next), { replace: true, preventScrollReset: true }),
  );
  const stay = staySearchOf(draft);
  const guests = stay.guests ?? 1;
  const problem = stayProblem(stay);
  const datesValid = Boolean(stay.checkIn && stay.checkOut) && problem === null;
  // From 28 nights up to 6 months a stay is a mid let unless the guest asks for a tenancy (where one is offered).
  const tenancyChoice =
    datesValid &&
    property.tenancyOffered &&
    nightsBetween(stay.checkIn, stay.checkOut) >= MID_LET_MIN_NIGHTS &&
    !longerThanMonths(stay, MID_LET_MAX_MONTHS);
  // Ticked at once, then written to the URL (which a reload or a shared link keeps); back and forward follow it.
  const askedInUrl = searchParams.get("asTenancy") === "true";
  const [askTenancy, setAskTenancy] = useState(askedInUrl);
  useEffect(() => setAskTenancy(askedInUrl), [askedInUrl]);
  const asTenancy = tenancyChoice && askTenancy;
  const quote = useStayQuote(
    property.id,
    datesValid ? { checkIn: stay.checkIn, checkOut: stay.checkOut, guests, asTenancy } : null,
  );
  // A party larger than the property sleeps (from a hand-made link) stays selectable, so the quote can say why.
  const guestOptions = Array.from({ length: Math.max(property.maxGuests, guests) }, (_, i) => i + 1);

  const dateInputClass =
    "mt-1 h-8 rounded-md border-0 bg-transparent px-0 shadow-none hover:border-0 focus-visible:ring-0 aria-invalid:bg-transparent";
  const unavailable = datesValid && quote.data !== undefined && !quote.isPlaceholderData && !quote.data.available;

  return (
    <>
      <fieldset className="mt-6 overflow-hidden rounded-2xl border border-input">
        <legend className="sr-only">Your stay</legend>
        {/* Side by side once a 16px date field fits its half (phones below 440px stack them). */}
        <div className="grid grid-cols-1 divide-y divide-input border-b border-input min-[440px]:grid-cols-2 min-[440px]:divide-x min-[440px]:divide-y-0">
          <StayDateFields
            idPrefix={id}
            stay={stay}
            onChange={update}
            problem={problem}
            describedBy={problem ? `${id}-problem` : undefined}
            className="p-3 focus-within:ring-2 focus-within:ring-ring focus-within:ring-inset"
            labelClassName="text-xs tracking-wide uppercase"
            inputClassName={dateInputClass}
          />
        </div>
        <div className="relative p-3 focus-within:ring-2 focus-within:ring-ring focus-within:ring-inset">
          <Label htmlFor={`${id}-guests`} className="text-xs tracking-wide uppercase">
            Guests
          </Label>
          <select
            id={`${id}-guests`}
            value={guests}
            onChange={(event) => update("guests", event.target.value)}
            aria-describedby={`${id}-capacity`}
            className="mt-1 h-8 w-full cursor-pointer appearance-none bg-transparent pr-8 text-base text-foreground outline-none sm:text-sm"
          >
            {guestOptions.map((n) => (
              <option key={n} value={n}>
                {pluralize(n, "guest")}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute right-3.5 bottom-4 size-4 text-muted-foreground"
          />
          <p id={`${id}-capacity`} className="sr-only">
            Sleeps up to {pluralize(property.maxGuests, "guest")}
          </p>
        </div>
      </fieldset>

      <StayProblemNote id={`${id}-problem`} problem={problem} className="mt-2" />

      {tenancyChoice ? (
        <label
          htmlFor={`${id}-tenancy`}
          className="mt-3 flex cursor-pointer items-start gap-3 rounded-xl border border-border px-3.5 py-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
        >
          <input
            id={`${id}-tenancy`}
            type="checkbox"
            checked={asTenancy}
            onChange={(event) => {
              const on = event.target.checked;
              setAskTenancy(on);
              setSearchParams(
                (previous) => {
                  const next = new URLSearchParams(previous);
                  if (on) next.set("asTenancy", "true");
                  else next.delete("asTenancy");
                  return next;
                },
                { replace: true, preventScrollReset: true },
              );
            }}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-ink-800"
          />
          <span>
            <span className="font-medium">Rent it as a tenancy</span>
            <span className="block text-muted-foreground">
              Rent by the month with no service fee, and deposits capped by law.
            </span>
          </span>
        </label>
      ) : null}

      <StayPrice datesChosen={datesValid} quote={quote} />

      {unavailable ? (
        <Button size="lg" className="mt-5 w-full" disabled>
          Book Now
        </Button>
      ) : (
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to={bookingHref(property.id, stay, datesValid, asTenancy)}>Book Now</Link>
        </Button>
      )}
      <p className="mt-3 text-center text-sm text-muted-foreground">You won't be charged yet</p>
    </>
  );
}

/** The server's figures for the stay: nights × price, the service fee and the total, or why it cannot be booked. */
function StayPrice({ datesChosen, quote }: { datesChosen: boolean; quote: ReturnType<typeof useStayQuote> }) {
  if (!datesChosen) {
    return (
      <p className="mt-4 rounded-xl bg-secondary/70 px-4 py-3 text-sm text-muted-foreground">
        Add your dates to see the total price for your stay.
      </p>
    );
  }
  if (quote.isPending) {
    return (
      <div className="mt-5 space-y-3" aria-busy="true">
        <span className="sr-only">Pricing your stay…</span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-5 w-full" />
      </div>
    );
  }
  if (quote.isError || !quote.data) {
    return (
      <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-destructive">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {(isApiError(quote.error) && quote.error.status < 500 && quote.error.serverMessage) ||
          "We couldn't price these dates. Please try again."}
      </p>
    );
  }
  return <QuoteBreakdown quote={quote.data} updating={quote.isPlaceholderData} />;
}

function QuoteBreakdown({ quote, updating }: { quote: TQuote; updating: boolean }) {
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
      <Suspense fallback={null}>
        <StayModeLine mode={quote.mode} className="mb-4" />
      </Suspense>
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
          <dt>Total</dt>
          <dd>{formatPounds(quote.total)}</dd>
        </div>
      </dl>
      <Suspense fallback={null}>
        <QuoteTerms quote={quote} />
      </Suspense>
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
