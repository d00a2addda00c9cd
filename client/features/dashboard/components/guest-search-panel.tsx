import { useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type ComponentType, type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { MaxPriceField } from "@/components/ui/max-price-field";
import { PRICE_DEFAULT_SEARCH } from "@/lib/price-filter";
import { findPlaceNamed } from "../api/guest-dashboard-api";
import { propertiesSearchUrl } from "../utils/search-url";
import { DashboardPanel } from "./panel-states";

/** A place picked from the autocomplete. */
export type PickedPlace = { name: string; area: string; latitude: number; longitude: number };

/** The location autocomplete this panel is given (features/places), kept out of this feature by the import rules. */
export type LocationFieldProps = {
  id: string;
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  onPick: (place: PickedPlace) => void;
  placeholder?: string;
  hint?: string;
};

/** The map this panel is given (components/map). */
export type MapViewProps = { place: PickedPlace | null; className?: string };

export type SearchPanelSlots = {
  LocationField: ComponentType<LocationFieldProps>;
  MapView: ComponentType<MapViewProps>;
};

/** One-click starting points: the areas guests ask for most. */
const POPULAR_AREAS = ["Camden", "Kensington", "Shoreditch", "Westminster", "Greenwich"] as const;

/**
 * A UK location, a max price per night (0–1000, step 10, default 500) and a
 * map that shows the chosen place. Search opens /properties with city and maxPrice (maxPrice only
 * below 1000).
 */
export function GuestSearchPanel({ LocationField, MapView, className }: SearchPanelSlots & { className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [location, setLocation] = useState("");
  const [place, setPlace] = useState<PickedPlace | null>(null);
  const [maxPrice, setMaxPrice] = useState(PRICE_DEFAULT_SEARCH);

  const queryClient = useQueryClient();

  async function chooseArea(name: string) {
    setLocation(name);
    try {
      // The map follows when the place is known; offline the name alone still searches.
      setPlace(await findPlaceNamed(queryClient, name));
    } catch (error) {
      console.warn(`Could not look up ${name}`, error);
      setPlace(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(propertiesSearchUrl(location, maxPrice));
  }

  return (
    <DashboardPanel
      title="Find your next stay"
      description="Search by town or London neighbourhood and set your nightly budget."
      className={className}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-8">
        <form onSubmit={onSubmit} aria-label="Search properties" className="flex flex-col gap-6">
          <LocationField
            id={`${id}-location`}
            label="Location"
            value={location}
            onValueChange={setLocation}
            onPick={setPlace}
            placeholder="e.g. Camden, Shoreditch, Manchester"
            hint="UK towns, cities and London areas."
          />
          <div>
            <p id={`${id}-popular`} className="text-sm font-medium">
              Popular areas
            </p>
            <ul aria-labelledby={`${id}-popular`} className="mt-2 flex flex-wrap gap-2">
              {POPULAR_AREAS.map((area) => (
                <li key={area}>
                  <button
                    type="button"
                    onClick={() => void chooseArea(area)}
                    className="h-9 cursor-pointer rounded-full border border-foreground/15 bg-card px-3.5 text-sm transition-colors hover:border-foreground/40 hover:bg-secondary"
                  >
                    {area}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <MaxPriceField id={id} value={maxPrice} onChange={setMaxPrice} showScale />
          <Button type="submit" size="lg" className="w-full">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
        <MapView place={place} />
      </div>
    </DashboardPanel>
  );
}
