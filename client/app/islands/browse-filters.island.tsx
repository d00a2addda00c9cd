import { londonToday } from "@common/domain/calendar-dates";
import type { TParty } from "@common/domain/party";
import { MapPin, RotateCcw, Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import {
  applyDraft,
  type FilterDraft,
  filterDraftFrom,
  partyFilterOf,
  sameDraft,
  useBrowseSearch,
  verifiedOnlyIn,
} from "@/app/islands/browse-search";
import { Button } from "@/components/ui/button";
import { GuestPicker } from "@/components/ui/guest-picker";
import { IconInput } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MaxPriceField } from "@/components/ui/max-price-field";
import { FlexibleDatesFields } from "@/features/search/components/dates-mode-control";
import { FlexibleToggle, readFlexible, setFlexible } from "@/features/search/components/flexible-browse";
import { StayFields } from "@/features/search/components/stay-fields";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useStayDraft } from "@/hooks/use-stay-draft";
import { defineIsland } from "@/lib/island";
import { writeParty } from "@/lib/party-params";
import { PRICE_DEFAULT_BROWSE } from "@/lib/price-filter";
import { applyStayDraft, EMPTY_STAY_DRAFT, stayProblem, staySearchOf } from "@/lib/stay-search";

const TYPING_DEBOUNCE_MS = 300;

/** The picker's starting point when the URL names no party: one adult, sent only once changed. */
const ANY_PARTY: TParty = { adults: 1, children: 0, infants: 0, pets: 0 };

/**
 * Browse's filters: what the visitor types is held as a draft and written to the address once they pause; what
 * they choose (dates, who comes, the switches) is written at once. The results follow the address.
 */
export function BrowseFilters({ search }: { search: string }) {
  const id = useId();
  const [searchParams, setSearchParams] = useBrowseSearch(search);

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

  return (
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
  );
}

export const BrowseFiltersIsland = defineIsland("browse-filters", BrowseFilters);
