import { londonToday, nightsBetween } from "@common/domain/calendar-dates";
import { partySummary, type TParty } from "@common/domain/party";
import { formatFullDate } from "@common/utils/dates";
import { CalendarDays, CircleAlert, MapPin, RotateCcw, Search, SearchX } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { SavedPropertyControlsProvider } from "@/app/saved-property-controls";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { GuestPicker } from "@/components/ui/guest-picker";
import { IconInput } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MaxPriceField } from "@/components/ui/max-price-field";
import { Skeleton } from "@/components/ui/skeleton";
import { type PropertyFilters, useInfiniteProperties } from "@/features/properties/public/api/get-properties";
import {
  PropertyListingCard,
  PropertyListingCardSkeleton,
} from "@/features/properties/public/components/property-listing-card";
import { areaFilter, BrowseMapPanel, searchedAreaIn } from "@/features/properties/public/map/browse-map-panel";
import { FlexibleDatesFields } from "@/features/search/components/dates-mode-control";
import {
  FlexibleSummary,
  FlexibleToggle,
  readFlexible,
  setFlexible,
  usableFlexible,
} from "@/features/search/components/flexible-browse";
import { StayFields } from "@/features/search/components/stay-fields";
import type { FlexibleChoice } from "@/features/search/utils/flexible-search";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useStayDraft } from "@/hooks/use-stay-draft";
import { isPlainClick } from "@/lib/client-navigation";
import { formatInteger, pluralize } from "@/lib/format";
import { defineIsland } from "@/lib/island";
import { type SetPageSearch, usePageSearch } from "@/lib/page-search";
import { readParty, withPartyQuery, writeParty } from "@/lib/party-params";
import { maxPriceParam, PRICE_DEFAULT_BROWSE, PRICE_SLIDER_MAX, parseMaxPrice } from "@/lib/price-filter";
import {
  applyStayDraft,
  EMPTY_STAY_DRAFT,
  hasValidDates,
  type StaySearch,
  stayProblem,
  stayQueryString,
  staySearchOf,
} from "@/lib/stay-search";
import { cn } from "@/lib/utils";

const TYPING_DEBOUNCE_MS = 300;

const SKELETON_COUNT = 6;

type FilterDraft = { q: string; city: string; maxPrice: number };

/** Whitespace-only text is no filter at all; otherwise the text is kept as typed. */
function clean(text: string): string {
  return text.trim() === "" ? "" : text;
}

function sameDraft(a: FilterDraft, b: FilterDraft): boolean {
  return clean(a.q) === clean(b.q) && clean(a.city) === clean(b.city) && a.maxPrice === b.maxPrice;
}

/** Writes q, city and maxPrice into the query string and leaves every other parameter (the stay) alone. */
function applyDraft(previous: URLSearchParams, draft: FilterDraft): URLSearchParams {
  const next = new URLSearchParams(previous);
  const entries: Array<[string, string | undefined]> = [
    ["q", clean(draft.q) || undefined],
    ["city", clean(draft.city) || undefined],
    ["maxPrice", maxPriceParam(draft.maxPrice)],
  ];
  for (const [key, value] of entries) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

function filterDraftFrom(params: URLSearchParams): FilterDraft {
  return {
    q: params.get("q") ?? "",
    city: params.get("city") ?? "",
    maxPrice: parseMaxPrice(params.get("maxPrice"), PRICE_DEFAULT_BROWSE),
  };
}

/** The picker's starting point when the URL names no party: one adult, sent only once changed. */
const ANY_PARTY: TParty = { adults: 1, children: 0, infants: 0, pets: 0 };

/** Who comes, from ?adults…pets or an old ?guests link; undefined: any party. */
const partyFilterOf = (params: URLSearchParams) => readParty(params);

/** "Verified homes" is a switch, in the URL as verified=true, so a shared search keeps it. */
const verifiedOnlyIn = (params: URLSearchParams) => params.get("verified") === "true";

/** What is asked of the server: dates only when they make a valid stay, a price only below the top of the scale. */
function searchFilters(
  draft: FilterDraft,
  stay: StaySearch,
  verifiedOnly: boolean,
  flexible: FlexibleChoice | null,
  party?: TParty,
): PropertyFilters {
  // Flexible dates, when chosen, stand in for the exact ones (the server takes one or the other).
  const usable = usableFlexible(flexible, londonToday());
  const datesValid = !flexible && hasValidDates(stay);
  return {
    q: draft.q,
    city: draft.city,
    maxPrice: draft.maxPrice < PRICE_SLIDER_MAX ? draft.maxPrice : undefined,
    checkIn: datesValid ? stay.checkIn : undefined,
    checkOut: datesValid ? stay.checkOut : undefined,
    guests: stay.guests,
    party,
    verified: verifiedOnly || undefined,
    flex: usable?.flex,
    months: usable?.months,
  };
}

/** The query parameter holding how many pages of results are shown ("Show more" adds one). */
const PAGES_PARAM = "pages";
/**
 * The most pages one address draws at once, a bound on one request's work. With script the list still grows past it
 * page by page; without script, browsing stops at this many pages (240 listings).
 */
const MAX_PAGES_DRAWN = 10;

/**
 * How many pages of results the address asks for. "Show more" writes it, so a reload, the way back from a listing
 * and a browser without script all show as much as the visitor had reached.
 */
export function pagesShownIn(params: URLSearchParams): number {
  const pages = Number(params.get(PAGES_PARAM));
  return Number.isInteger(pages) && pages >= 1 ? Math.min(pages, MAX_PAGES_DRAWN) : 1;
}

function withPagesShown(params: URLSearchParams, pages: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(PAGES_PARAM, String(pages));
  return next;
}

/** A changed search starts again from its first page; only "Show more" itself keeps the count. */
function withPagesReset(previous: URLSearchParams, next: URLSearchParams): URLSearchParams {
  const searchOf = (params: URLSearchParams) => {
    const rest = new URLSearchParams(params);
    rest.delete(PAGES_PARAM);
    rest.sort();
    return rest.toString();
  };
  if (!next.has(PAGES_PARAM) || searchOf(previous) === searchOf(next)) return next;
  const reset = new URLSearchParams(next);
  reset.delete(PAGES_PARAM);
  return reset;
}

/** The search the URL describes, with the map's area when the list follows the map. */
export const urlFilters = (params: URLSearchParams, stay: StaySearch): PropertyFilters => ({
  ...searchFilters(filterDraftFrom(params), stay, verifiedOnlyIn(params), readFlexible(params), partyFilterOf(params)),
  bbox: areaFilter(params),
});

/**
 * The browse page: its filters, the results and the map, one island. Everything it searches is in the page's query
 * (`search`, as the server drew it), which it rewrites in place as the visitor chooses.
 */
export function BrowseProperties({ search }: { search: string }) {
  const id = useId();
  const [searchParams, writeSearch] = usePageSearch(search);
  const setSearchParams = useCallback<SetPageSearch>(
    (update) => writeSearch((previous) => withPagesReset(previous, update(previous))),
    [writeSearch],
  );

  // The URL is the source of truth for what is searched; the inputs hold a draft that is debounced into it.
  const fromUrl = filterDraftFrom(searchParams);

  const [q, setQ] = useState(fromUrl.q);
  const [city, setCity] = useState(fromUrl.city);
  const [maxPrice, setMaxPrice] = useState(fromUrl.maxPrice);
  const debouncedQ = useDebouncedValue(q, TYPING_DEBOUNCE_MS);
  const debouncedCity = useDebouncedValue(city, TYPING_DEBOUNCE_MS);
  const debouncedMax = useDebouncedValue(maxPrice, TYPING_DEBOUNCE_MS);
  const lastSynced = useRef<FilterDraft>(fromUrl);

  // The stay is not debounced: a date or a guest count is chosen in one go. It goes to the URL as chosen,
  // and to the server only when the server would accept it. Each writer of the URL writes every filter
  // from what it last wrote (React Router builds on the last render's params, which may be behind).
  const stayDraft = useStayDraft(searchParams, (draft) =>
    setSearchParams((previous) => applyStayDraft(applyDraft(previous, lastSynced.current), draft)),
  );
  const stay = staySearchOf(stayDraft.draft);
  const problem = stayProblem(stay);
  const flexible = readFlexible(searchParams);
  const datesValid = !flexible && hasValidDates(stay);

  // The URL changed from outside (back/forward, a link): show its values in the inputs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the three URL values
  useEffect(() => {
    if (sameDraft(fromUrl, lastSynced.current)) return;
    lastSynced.current = fromUrl;
    setQ(fromUrl.q);
    setCity(fromUrl.city);
    setMaxPrice(fromUrl.maxPrice);
  }, [fromUrl.q, fromUrl.city, fromUrl.maxPrice]);

  // The visitor paused typing or sliding: move the draft into the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the debounced draft
  useEffect(() => {
    const draft = { q: debouncedQ, city: debouncedCity, maxPrice: debouncedMax };
    if (sameDraft(draft, lastSynced.current)) return;
    lastSynced.current = draft;
    setSearchParams((previous) => applyStayDraft(applyDraft(previous, draft), stayDraft.written.current));
  }, [debouncedQ, debouncedCity, debouncedMax]);

  function clearAll() {
    const empty = { q: "", city: "", maxPrice: PRICE_DEFAULT_BROWSE };
    setQ(empty.q);
    setCity(empty.city);
    setMaxPrice(empty.maxPrice);
    lastSynced.current = empty;
    stayDraft.clear();
    setSearchParams((previous) => {
      const next = writeParty(applyStayDraft(applyDraft(previous, empty), EMPTY_STAY_DRAFT), undefined);
      next.delete("verified");
      next.delete("bbox");
      return next;
    });
  }

  const verifiedOnly = verifiedOnlyIn(searchParams);
  function setVerifiedOnly(on: boolean) {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (on) next.set("verified", "true");
      else next.delete("verified");
      return next;
    });
  }

  const party = partyFilterOf(searchParams);
  /** The picker writes the party at once, with the other filters as last written; the old guests count goes. */
  function setParty(next: TParty) {
    setSearchParams((previous) =>
      writeParty(
        applyStayDraft(applyDraft(previous, lastSynced.current), { ...stayDraft.written.current, guests: "" }),
        next,
      ),
    );
  }
  const filters = urlFilters(searchParams, stay);
  const searchedArea = searchedAreaIn(searchParams);
  // A phone shows the list or the map; a wide screen both, side by side.
  const [showMap, setShowMap] = useState(false);
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  function searchArea(bbox: string | null) {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (bbox) next.set("bbox", bbox);
      else next.delete("bbox");
      return next;
    });
  }
  // Cards carry the stay and who comes to the detail page, which prices it.
  const cardStayQuery = withPartyQuery(stayQueryString(stay), party);
  const query = useInfiniteProperties(filters);
  const properties = query.data?.pages.flatMap((page) => page.items) ?? [];
  const shownPages = query.data?.pages.length ?? 1;
  const total = query.data?.pages[0]?.total ?? 0;
  // Past 1,000 matches the server stops counting: "1,000+ properties found".
  const totalText = `${formatInteger(total)}${query.data?.pages[0]?.totalIsCapped ? "+" : ""}`;
  const updating = query.isPlaceholderData && query.isFetching;

  return (
    <>
      <section className="border-b border-border bg-sand">
        <div className="container-page py-12 sm:py-16">
          <p className="eyebrow">Browse</p>
          <h1 className="mt-3 font-display text-4xl font-medium tracking-tight sm:text-5xl">London Properties</h1>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Serviced apartments, townhouses and studios across London and the UK, from hosts our team has approved.
          </p>
          {datesValid ? (
            <p className="mt-4 inline-flex items-start gap-2 rounded-2xl bg-card px-4 py-2.5 text-sm shadow-soft">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
              <span>
                Your dates: <strong className="font-semibold">{formatFullDate(stay.checkIn)}</strong> to{" "}
                <strong className="font-semibold">{formatFullDate(stay.checkOut)}</strong>
                <span className="block text-muted-foreground sm:inline">
                  <span className="hidden sm:inline"> · </span>
                  {pluralize(nightsBetween(stay.checkIn, stay.checkOut), "night")}
                  {party ? `, ${partySummary(party)}` : ""} · showing places free for every night
                </span>
              </span>
            </p>
          ) : null}
          {flexible ? <FlexibleSummary choice={flexible} /> : null}
        </div>
      </section>

      <div className="container-page py-10">
        <search
          aria-label="Filter properties"
          className="block rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-6"
        >
          <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-12 lg:items-start">
            <div className="lg:col-span-3">
              <Label htmlFor={`${id}-q`} className="mb-2">
                Search
              </Label>
              <IconInput
                icon={Search}
                id={`${id}-q`}
                type="search"
                value={q}
                onChange={(event) => setQ(event.target.value)}
                placeholder="Title or description, e.g. garden"
                autoComplete="off"
              />
            </div>
            <div className="lg:col-span-3">
              <Label htmlFor={`${id}-city`} className="mb-2">
                Location
              </Label>
              <IconInput
                icon={MapPin}
                id={`${id}-city`}
                value={city}
                onChange={(event) => setCity(event.target.value)}
                placeholder="Borough or town, e.g. Camden"
                autoComplete="off"
              />
            </div>
            <div className="min-w-0 space-y-4 md:col-span-2 lg:col-span-6">
              <FlexibleToggle choice={flexible} setSearchParams={setSearchParams} />
              <StayFields
                id={id}
                stay={stay}
                problem={flexible ? null : problem}
                onChange={stayDraft.update}
                guestsSlot={<GuestPicker value={party ?? ANY_PARTY} onChange={setParty} />}
                dates={
                  flexible ? (
                    <FlexibleDatesFields
                      id={`${id}-flex`}
                      value={flexible}
                      today={londonToday()}
                      onChange={(choice) => setFlexible(setSearchParams, choice)}
                      className="min-[440px]:col-span-2"
                    />
                  ) : undefined
                }
              />
            </div>
            <MaxPriceField id={id} value={maxPrice} onChange={setMaxPrice} className="lg:col-span-6" />
            <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between lg:col-span-6 lg:self-end">
              <label className="flex cursor-pointer items-start gap-2.5 text-sm">
                <input
                  type="checkbox"
                  checked={verifiedOnly}
                  onChange={(event) => setVerifiedOnly(event.target.checked)}
                  aria-describedby={`${id}-verified-hint`}
                  className="mt-0.5 size-4 shrink-0 cursor-pointer accent-ink-800"
                />
                <span>
                  <span className="font-medium">Verified homes only</span>
                  <span id={`${id}-verified-hint`} className="block text-xs text-muted-foreground">
                    Visited by our team, with photos that match
                  </span>
                </span>
              </label>
              <Button variant="outline" onClick={clearAll} className="w-full md:w-auto">
                <RotateCcw aria-hidden="true" />
                Clear All Filters
              </Button>
            </div>
          </div>
        </search>

        <div className="mt-8 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div aria-live="polite" aria-atomic="true" className="text-sm font-medium text-foreground">
            {query.isPending ? (
              <Skeleton className="h-4 w-36" />
            ) : query.isError ? null : (
              <p>{`${totalText} ${total === 1 ? "property" : "properties"} found`}</p>
            )}
          </div>
          {properties.length > 0 && total > properties.length ? (
            <p className="text-sm text-muted-foreground tabular-nums max-lg:hidden">
              Showing {formatInteger(properties.length)} of {totalText}
            </p>
          ) : null}
          <fieldset className="flex rounded-full border border-border bg-card p-1 shadow-soft lg:hidden">
            <legend className="sr-only">Show the results as</legend>
            {[
              { map: false, label: "List" },
              { map: true, label: "Map" },
            ].map(({ map, label }) => (
              <button
                key={label}
                type="button"
                aria-pressed={showMap === map}
                onClick={() => setShowMap(map)}
                className="rounded-full px-5 py-1.5 text-sm font-medium text-muted-foreground transition-colors aria-pressed:bg-primary aria-pressed:text-primary-foreground"
              >
                {label}
              </button>
            ))}
          </fieldset>
        </div>

        <div className="mt-5 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start lg:gap-8">
          <section
            aria-labelledby={`${id}-results`}
            aria-busy={query.isPending || updating}
            className={cn("relative", showMap && "max-lg:hidden")}
          >
            <h2 id={`${id}-results`} className="sr-only">
              Results
            </h2>
            {/* A thin bar, not a faded list: faded text would drop below readable contrast while it loads. */}
            <div
              aria-hidden="true"
              className={cn(
                "absolute inset-x-0 -top-3 h-0.5 rounded-full bg-accent transition-opacity duration-200",
                updating ? "animate-pulse opacity-100" : "opacity-0",
              )}
            />
            {query.isPending ? (
              <div className="grid gap-6 sm:grid-cols-2">
                {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
                  <PropertyListingCardSkeleton key={i} />
                ))}
              </div>
            ) : query.isError && properties.length === 0 ? (
              <Alert variant="destructive" className="py-5">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>Error loading properties</AlertTitle>
                <AlertDescription>Please try again later.</AlertDescription>
              </Alert>
            ) : properties.length === 0 ? (
              <div className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card px-6 py-16 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-secondary">
                  <SearchX aria-hidden="true" className="size-6 text-muted-foreground" />
                </span>
                <p className="mt-4 font-display text-2xl">No properties found</p>
                <p className="mt-2 max-w-md text-sm text-muted-foreground">
                  {flexible
                    ? "Nothing has a free stay of that length starting in those months. Try other months, another area or a wider budget."
                    : datesValid
                      ? "Nothing is free for every night of your stay. Try other dates, another area or a wider budget."
                      : "Try another area, a wider budget or fewer words in the search box."}
                </p>
              </div>
            ) : (
              <>
                <ul className="grid gap-6 sm:grid-cols-2">
                  {properties.map((property, index) => (
                    <li
                      key={property.id}
                      // The card under the pointer or focus lights its pin on the map up.
                      onMouseEnter={() => setHighlightedId(property.id)}
                      onMouseLeave={() => setHighlightedId(null)}
                      onFocus={() => setHighlightedId(property.id)}
                      onBlur={() => setHighlightedId(null)}
                      data-highlighted={highlightedId === property.id}
                      className="rounded-[calc(var(--radius-card)+4px)] ring-brass-500 ring-offset-4 ring-offset-background transition-shadow data-[highlighted=true]:ring-2"
                    >
                      <PropertyListingCard
                        property={property}
                        priority={index < 3}
                        stayQuery={property.window ? stayQueryString({ ...stay, ...property.window }) : cardStayQuery}
                      />
                    </li>
                  ))}
                </ul>
                {query.isFetchNextPageError ? (
                  <p role="alert" className="mt-6 text-center text-sm text-destructive">
                    Error loading properties. Please try again later.
                  </p>
                ) : null}
                {query.hasNextPage ? (
                  <div className="mt-10 flex justify-center">
                    {/* A link, so that without script the server draws one more page; with it, the page grows in place. */}
                    <Button asChild variant="outline" size="lg">
                      <a
                        href={`/properties?${withPagesShown(searchParams, shownPages + 1)}`}
                        aria-disabled={query.isFetchingNextPage || undefined}
                        onClick={(event) => {
                          if (!isPlainClick(event)) return;
                          event.preventDefault();
                          if (query.isFetchingNextPage) return;
                          void query.fetchNextPage();
                          setSearchParams((previous) => withPagesShown(previous, shownPages + 1));
                        }}
                      >
                        {query.isFetchingNextPage ? "Loading more…" : "Show more"}
                      </a>
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
          <div
            className={cn(
              "h-[70vh] min-h-[26rem] lg:sticky lg:top-24 lg:block lg:h-[calc(100vh-8rem)]",
              showMap ? "block" : "hidden",
            )}
          >
            <BrowseMapPanel
              chosen={showMap}
              filters={filters}
              searchedArea={searchedArea}
              onSearchArea={searchArea}
              highlightedId={highlightedId}
              onHighlight={setHighlightedId}
              stayQuery={cardStayQuery}
            />
          </div>
        </div>
      </div>
    </>
  );
}

/** As an island the cards' hearts need the saved list's wiring, which the client app otherwise gives every page. */
export function BrowsePropertiesWithSaving({ search }: { search: string }) {
  return (
    <SavedPropertyControlsProvider>
      <BrowseProperties search={search} />
    </SavedPropertyControlsProvider>
  );
}

export const BrowseIsland = defineIsland("browse", BrowsePropertiesWithSaving);
