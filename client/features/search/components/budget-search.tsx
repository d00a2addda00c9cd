import { ArrowRight, MapPin } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { IconInput } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import {
  formatMaxPriceLabel,
  maxPriceParam,
  PRICE_DEFAULT_SEARCH,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_MIN,
  PRICE_SLIDER_STEP,
} from "@/lib/price-filter";
import { budgetResultsUrl } from "../utils/search-form";

/** Search by city and a maximum nightly price (slider 0–1000, step 10, default 500). */
export function BudgetSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [city, setCity] = useState("");
  const [maxPrice, setMaxPrice] = useState(PRICE_DEFAULT_SEARCH);
  const label = formatMaxPriceLabel(maxPrice);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(budgetResultsUrl(city, maxPriceParam(maxPrice)));
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Search by city and budget"
      className="grid gap-6 md:grid-cols-[1fr_1fr_auto] md:items-end"
    >
      <div>
        <Label htmlFor={`${id}-city`} className="mb-2">
          City or borough
        </Label>
        <IconInput
          icon={MapPin}
          id={`${id}-city`}
          value={city}
          onChange={(event) => setCity(event.target.value)}
          placeholder="e.g. Camden, Kensington"
          autoComplete="address-level2"
          className="h-12"
        />
      </div>
      <div>
        <div className="mb-2 flex items-center justify-between">
          <span id={`${id}-price-label`} className="text-sm font-medium leading-none">
            Max price per night
          </span>
          <span className="rounded-full bg-secondary px-2.5 py-0.5 text-sm font-semibold tabular-nums">{label}</span>
        </div>
        <div className="flex h-12 items-center">
          <Slider
            thumbId={`${id}-price`}
            aria-labelledby={`${id}-price-label`}
            aria-valuetext={maxPrice >= PRICE_SLIDER_MAX ? "No maximum" : `${label} per night`}
            min={PRICE_SLIDER_MIN}
            max={PRICE_SLIDER_MAX}
            step={PRICE_SLIDER_STEP}
            value={[maxPrice]}
            onValueChange={([value]) => setMaxPrice(value ?? PRICE_DEFAULT_SEARCH)}
          />
        </div>
      </div>
      <Button type="submit" size="lg" className="h-12">
        Show properties
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
