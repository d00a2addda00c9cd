import { londonToday } from "@common/domain/calendar-dates";
import type { TParty } from "@common/domain/party";
import { CircleAlert, SearchX } from "lucide-react";
import { useId, useState } from "react";
import {
  exactDatesIn,
  type FilterDraft,
  filterDraftFrom,
  partyFilterOf,
  stayIn,
  useBrowseSearch,
  verifiedOnlyIn,
  withPagesShown,
} from "@/app/islands/browse-search";
import { SavedPropertyControlsProvider } from "@/app/saved-property-controls";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { type PropertyFilters, useInfiniteProperties } from "@/features/properties/public/api/get-properties";
import {
  PropertyListingCard,
  PropertyListingCardSkeleton,
} from "@/features/properties/public/components/property-listing-card";
import { BrowseMapPanel } from "@/features/properties/public/map/browse-map-panel";
import { areaFilter, searchedAreaIn } from "@/features/properties/public/map/searched-area";
import { readFlexible, usableFlexible } from "@/features/search/components/flexible-browse";
import type { FlexibleChoice } from "@/features/search/utils/flexible-search";
import { isPlainClick } from "@/lib/client-navigation";
import { formatInteger } from "@/lib/format";
import { defineIsland } from "@/lib/island";
import { withPartyQuery } from "@/lib/party-params";
import { PRICE_SLIDER_MAX } from "@/lib/price-filter";
import { hasValidDates, type StaySearch, stayQueryString } from "@/lib/stay-search";
import { cn } from "@/lib/utils";

const SKELETON_COUNT = 6;

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

/** The search the URL describes, with the map's area when the list follows the map. */
export const urlFilters = (params: URLSearchParams): PropertyFilters => ({
  ...searchFilters(
    filterDraftFrom(params),
    stayIn(params),
    verifiedOnlyIn(params),
    readFlexible(params),
    partyFilterOf(params),
  ),
  bbox: areaFilter(params),
});

/**
 * Browse's results: the count, the list with its Show more, and the map, for the search the address holds. The
 * filters above write the address; these follow it.
 */
export function BrowseResults({ search }: { search: string }) {
  const id = useId();
  const [searchParams, setSearchParams] = useBrowseSearch(search);
  const stay = stayIn(searchParams);
  const party = partyFilterOf(searchParams);
  const flexible = readFlexible(searchParams);
  const datesValid = exactDatesIn(searchParams);
  const filters = urlFilters(searchParams);
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
    </>
  );
}

/** As an island the cards' hearts need the saved list's wiring, which the client app otherwise gives every page. */
export function BrowseResultsWithSaving({ search }: { search: string }) {
  return (
    <SavedPropertyControlsProvider>
      <BrowseResults search={search} />
    </SavedPropertyControlsProvider>
  );
}

export const BrowseResultsIsland = defineIsland("browse-results", BrowseResultsWithSaving);
