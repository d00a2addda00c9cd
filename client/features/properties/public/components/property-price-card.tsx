import { ALL_IN_LABEL, allInNightlyText } from "@common/domain/all-in";
import { londonToday, longerThanMonths, nightsBetween } from "@common/domain/calendar-dates";
import type { TParty } from "@common/domain/party";
import { PERIODIC_TENANCY_TERMS, periodicTenancyCovers } from "@common/domain/periodic-terms";
import { MID_LET_MAX_MONTHS, MID_LET_MIN_NIGHTS } from "@common/domain/stay-modes";
import type { TPropertyDetail } from "@common/schemas/properties";
import { formatWeekdayDayMonth } from "@common/utils/dates";
import { ArrowRight, CircleAlert, Tag, Wrench } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { StayCalendarButton } from "@/components/stay-calendar/stay-calendar-button";
import { StayKindSwitch } from "@/components/stay-modes/stay-kind-switch";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { GuestPicker } from "@/components/ui/guest-picker";
import { SiteLink } from "@/components/ui/site-link";
import { Skeleton } from "@/components/ui/skeleton";
import { StayDateField, StayDateFields, StayProblemNote } from "@/components/ui/stay-date-field";
import { useStayDraft } from "@/hooks/use-stay-draft";
import { isApiError } from "@/lib/api-client";
import { formatPounds, toAmount } from "@/lib/format";
import { moveInProblem, moveInProblemMessage } from "@/lib/move-in";
import { usePageSearch } from "@/lib/page-search";
import { readParty, withPartyQuery, writeParty } from "@/lib/party-params";
import { applyStayDraft, type StaySearch, stayProblem, staySearchOf } from "@/lib/stay-search";
import { cn } from "@/lib/utils";
import { useStayQuote } from "../api/get-stay-quote";

// A quote is only ever asked in the browser: its breakdown loads with the first one, keeping the listing's first
// download light.
const QuoteBreakdown = lazy(() => import("./quote-breakdown"));

/**
 * The sticky price card of the detail page, pricing the chosen stay with the server's quote. `search`: the page's
 * query as the server drew it (the stay chosen in it).
 */
export function PropertyPriceCard({ property, search }: { property: TPropertyDetail; search: string }) {
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
            <SiteLink href="/properties">
              Browse other properties
              <ArrowRight aria-hidden="true" />
            </SiteLink>
          </Button>
        </div>
      ) : (
        <StayPlanner property={property} search={search} />
      )}
    </section>
  );
}

/**
 * /booking/{id}?checkIn&checkOut&guests(&asTenancy): the wizard starts from the stay chosen here. A periodic tenancy
 * carries its move-in day alone (checkIn and asTenancy), as it has no end date.
 */
function bookingHref(
  propertyId: number,
  stay: StaySearch,
  datesValid: boolean,
  ask: { asTenancy: boolean; moveInOnly: boolean },
): string {
  const params = new URLSearchParams();
  if (datesValid) {
    params.set("checkIn", stay.checkIn);
    if (!ask.moveInOnly) params.set("checkOut", stay.checkOut);
    params.set("guests", String(stay.guests ?? 1));
    if (ask.asTenancy) params.set("asTenancy", "true");
  } else {
    if (stay.guests !== undefined) params.set("guests", String(stay.guests));
    if (ask.moveInOnly) params.set("asTenancy", "true");
  }
  const query = params.toString();
  return `/booking/${propertyId}${query ? `?${query}` : ""}`;
}

/** The wizard's link with who comes in place of the old guest count. */
function withPartyHref(href: string, party: TParty): string {
  const [path, query = ""] = href.split("?");
  return `${path}${withPartyQuery(query, party)}`;
}

/**
 * Dates and guests (kept in the page's URL, so a reload or a shared link keeps them) and the price of the stay. Where
 * the listing's tenancies are periodic (England from 1 May 2026), the guest chooses a stay by the night or a tenancy,
 * which asks only a move-in date: it has no end until the tenant gives notice.
 */
function StayPlanner({ property, search }: { property: TPropertyDetail; search: string }) {
  const id = useId();
  const [searchParams, setSearchParams] = usePageSearch(search);
  const { draft, update, written } = useStayDraft(searchParams, (next) =>
    setSearchParams((previous) => applyStayDraft(previous, next)),
  );
  const stay = staySearchOf(draft);
  const guests = stay.guests ?? 1;
  // Who comes: the URL's party, else its old guest count as adults. A party larger than the home sleeps (from a
  // hand-made link) is kept, so the quote can say why.
  const party = readParty(searchParams) ?? { adults: guests, children: 0, infants: 0, pets: 0 };
  function setParty(next: TParty) {
    setSearchParams((previous) => writeParty(applyStayDraft(previous, { ...written.current, guests: "" }), next));
  }
  const periodicListing = property.tenancyOffered && periodicTenancyCovers(property.nation, londonToday());
  // Chosen at once, then written to the URL (which a reload or a shared link keeps); back and forward follow it.
  const askedInUrl = searchParams.get("asTenancy") === "true";
  const [askTenancy, setAskTenancy] = useState(askedInUrl);
  useEffect(() => setAskTenancy(askedInUrl), [askedInUrl]);
  function chooseTenancy(on: boolean) {
    setAskTenancy(on);
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (on) next.set("asTenancy", "true");
      else next.delete("asTenancy");
      return next;
    });
  }
  const moveInOnly = periodicListing && askTenancy;
  const problem = moveInOnly ? moveInProblem(stay.checkIn) : stayProblem(stay);
  const datesValid = problem === null && Boolean(stay.checkIn && (moveInOnly || stay.checkOut));
  const stayLength = datesValid && !moveInOnly ? { checkIn: stay.checkIn, checkOut: stay.checkOut } : null;
  // Where tenancies are periodic, a stay longer than a mid let is a tenancy with no end date, not these nights.
  const beyondStays = periodicListing && stayLength !== null && longerThanMonths(stayLength, MID_LET_MAX_MONTHS);
  // Elsewhere, from 28 nights up to 6 months a stay is a mid let unless the guest asks for a tenancy.
  const tenancyChoice =
    !periodicListing &&
    property.tenancyOffered &&
    stayLength !== null &&
    nightsBetween(stayLength.checkIn, stayLength.checkOut) >= MID_LET_MIN_NIGHTS &&
    !longerThanMonths(stayLength, MID_LET_MAX_MONTHS);
  const asTenancy = moveInOnly || (tenancyChoice && askTenancy);
  const quote = useStayQuote(
    property.id,
    !datesValid || beyondStays
      ? null
      : moveInOnly
        ? { checkIn: stay.checkIn, guests, party, asTenancy: true }
        : { checkIn: stay.checkIn, checkOut: stay.checkOut, guests, party, asTenancy },
  );

  // The move-in day and the stay's two dates share the card's look and its problem note.
  const dateFieldLook = {
    stay,
    problem,
    describedBy: problem ? `${id}-problem` : undefined,
    className: "p-3 focus-within:ring-2 focus-within:ring-ring focus-within:ring-inset",
    labelClassName: "text-xs tracking-wide uppercase",
    inputClassName:
      "mt-1 h-8 rounded-md border-0 bg-transparent px-0 shadow-none hover:border-0 focus-visible:ring-0 aria-invalid:bg-transparent",
  };
  // Dates the server refused to price (a lapsed safety certificate pausing new bookings, say) cannot be booked either:
  // the card says why, so Book Now does not lead into a wizard that would refuse them again. A rate limit is no
  // refusal of the dates.
  const refused = datesValid && isApiError(quote.error) && quote.error.status < 500 && !isApiError(quote.error, 429);
  const unavailable =
    beyondStays ||
    refused ||
    (datesValid && quote.data !== undefined && !quote.isPlaceholderData && !quote.data.available);

  return (
    <>
      {periodicListing ? (
        <StayKindSwitch tenancy={moveInOnly} onChange={chooseTenancy} className="mt-6 flex w-full" />
      ) : null}
      <fieldset
        className={cn("@container overflow-hidden rounded-2xl border border-input", periodicListing ? "mt-3" : "mt-6")}
      >
        <legend className="sr-only">{moveInOnly ? "Your tenancy" : "Your stay"}</legend>
        {moveInOnly ? (
          <div className="border-b border-input">
            <StayDateField
              id={`${id}-checkIn`}
              field="checkIn"
              label="Move-in date"
              onChange={(value) => update("checkIn", value)}
              {...dateFieldLook}
            />
          </div>
        ) : (
          // Side by side once a whole date ("10 September 2027") and its calendar button fit each half: the card is
          // narrower than that on phones and in the desktop column, which stack them.
          <div className="grid grid-cols-1 divide-y divide-input border-b border-input @min-[26rem]:grid-cols-2 @min-[26rem]:divide-x @min-[26rem]:divide-y-0">
            <StayDateFields idPrefix={id} onChange={update} {...dateFieldLook} />
          </div>
        )}
        <GuestPicker
          value={party}
          onChange={setParty}
          maxGuests={property.maxGuests}
          petsAllowed={property.petsAllowed}
          inline
          className="p-3"
        />
      </fieldset>
      <StayCalendarButton
        className="mt-3 w-full"
        propertyId={property.id}
        moveInOnly={moveInOnly}
        checkIn={stay.checkIn}
        checkOut={stay.checkOut}
        onChoose={(dates) => {
          update("checkIn", dates.checkIn);
          if (dates.checkOut !== undefined) update("checkOut", dates.checkOut);
        }}
      />

      <StayProblemNote
        id={`${id}-problem`}
        problem={problem}
        messageOf={moveInOnly ? moveInProblemMessage : undefined}
        className="mt-2"
      />
      {/* Until a quote says it at length, the tenancy's terms in a line. */}
      {moveInOnly && !datesValid ? (
        <p className="mt-2 text-sm text-muted-foreground">{PERIODIC_TENANCY_TERMS.line}</p>
      ) : null}

      {beyondStays ? (
        <div className="mt-4 rounded-xl border border-border px-4 py-3 text-sm">
          <p className="leading-relaxed text-muted-foreground">
            Stays here are up to 6 months. For longer, rent it as a home: a periodic tenancy with no end date, from your
            move-in day.
          </p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => chooseTenancy(true)}>
            Rent as a home from {formatWeekdayDayMonth(stay.checkIn)}
          </Button>
        </div>
      ) : null}

      {tenancyChoice ? (
        <label
          htmlFor={`${id}-tenancy`}
          className="mt-3 flex cursor-pointer items-start gap-3 rounded-xl border border-border px-3.5 py-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
        >
          <input
            id={`${id}-tenancy`}
            type="checkbox"
            checked={asTenancy}
            onChange={(event) => chooseTenancy(event.target.checked)}
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

      {beyondStays ? null : <StayPrice datesChosen={datesValid} moveInOnly={moveInOnly} quote={quote} />}

      {unavailable ? (
        <Button size="lg" className="mt-5 w-full" disabled>
          Book Now
        </Button>
      ) : (
        <Button asChild size="lg" className="mt-5 w-full">
          <SiteLink href={withPartyHref(bookingHref(property.id, stay, datesValid, { asTenancy, moveInOnly }), party)}>
            Book Now
          </SiteLink>
        </Button>
      )}
      <p className="mt-3 text-center text-sm text-muted-foreground">You won't be charged yet</p>
    </>
  );
}

/** The server's figures for the stay: nights × price, the service fee and the total, or why it cannot be booked. */
function StayPrice({
  datesChosen,
  moveInOnly,
  quote,
}: {
  datesChosen: boolean;
  moveInOnly: boolean;
  quote: ReturnType<typeof useStayQuote>;
}) {
  if (!datesChosen) {
    return (
      <p className="mt-4 rounded-xl bg-secondary/70 px-4 py-3 text-sm text-muted-foreground">
        {moveInOnly
          ? "Add your move-in date to see the first month's rent."
          : "Add your dates to see the total price for your stay."}
      </p>
    );
  }
  if (quote.isPending) return <PricingSkeleton />;
  if (quote.isError || !quote.data) {
    return (
      <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-destructive">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {(isApiError(quote.error) && quote.error.status < 500 && quote.error.serverMessage) ||
          "We couldn't price these dates. Please try again."}
      </p>
    );
  }
  return (
    <Suspense fallback={<PricingSkeleton />}>
      <QuoteBreakdown quote={quote.data} updating={quote.isPlaceholderData} />
    </Suspense>
  );
}

function PricingSkeleton() {
  return (
    <div className="mt-5 space-y-3" aria-busy="true">
      <span className="sr-only">Pricing your stay…</span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-5 w-full" />
    </div>
  );
}
