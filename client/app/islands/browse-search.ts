import { useCallback } from "react";
import { readFlexible } from "@/features/search/components/flexible-browse";
import { type PageSearch, type SetPageSearch, usePageSearch } from "@/lib/page-search";
import { readParty } from "@/lib/party-params";
import { maxPriceParam, PRICE_DEFAULT_BROWSE, parseMaxPrice } from "@/lib/price-filter";
import { hasValidDates, type StaySearch, stayDraftFrom, staySearchOf } from "@/lib/stay-search";

/**
 * What browse searches, read from and written to its address: the filters, the results and the map are parts of
 * the page of their own (each its own island on the page sent as finished HTML), and the address is what they share.
 */

/** The filters typed rather than chosen: held as a draft while the visitor types, then written to the address. */
export type FilterDraft = { q: string; city: string; maxPrice: number };

/** Whitespace-only text is no filter at all; otherwise the text is kept as typed. */
function clean(text: string): string {
  return text.trim() === "" ? "" : text;
}

export function sameDraft(a: FilterDraft, b: FilterDraft): boolean {
  return clean(a.q) === clean(b.q) && clean(a.city) === clean(b.city) && a.maxPrice === b.maxPrice;
}

/** Writes q, city and maxPrice into the query string and leaves every other parameter (the stay) alone. */
export function applyDraft(previous: URLSearchParams, draft: FilterDraft): URLSearchParams {
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

export function filterDraftFrom(params: URLSearchParams): FilterDraft {
  return {
    q: params.get("q") ?? "",
    city: params.get("city") ?? "",
    maxPrice: parseMaxPrice(params.get("maxPrice"), PRICE_DEFAULT_BROWSE),
  };
}

/** Who comes, from ?adults…pets or an old ?guests link; undefined: any party. */
export const partyFilterOf = (params: URLSearchParams) => readParty(params);

/** "Verified homes" is a switch, in the URL as verified=true, so a shared search keeps it. */
export const verifiedOnlyIn = (params: URLSearchParams) => params.get("verified") === "true";

/** The stay the address asks for, as typed (its dates may not make a stay yet). */
export const stayIn = (params: URLSearchParams): StaySearch => staySearchOf(stayDraftFrom(params));

/** Exact dates count only when they make a valid stay and flexible dates are not chosen instead. */
export const exactDatesIn = (params: URLSearchParams): boolean =>
  !readFlexible(params) && hasValidDates(stayIn(params));

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

export function withPagesShown(params: URLSearchParams, pages: number): URLSearchParams {
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

/** Browse's address (`search` as the server drew it) and a writer of it under which a changed search starts again. */
export function useBrowseSearch(search: string): PageSearch {
  const [searchParams, writeSearch] = usePageSearch(search);
  const setSearchParams = useCallback<SetPageSearch>(
    (update) => writeSearch((previous) => withPagesReset(previous, update(previous))),
    [writeSearch],
  );
  return [searchParams, setSearchParams];
}
