import { ArrowRight, MapPin } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { IconInput } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MaxPriceField } from "@/components/ui/max-price-field";
import { useSiteNavigate } from "@/lib/client-navigation";
import { maxPriceParam, PRICE_DEFAULT_SEARCH } from "@/lib/price-filter";
import { budgetResultsUrl } from "../utils/search-form";

/** Search by city and a maximum nightly price (slider 0–1000, step 10, default 500). */
export function BudgetSearch() {
  const navigate = useSiteNavigate();
  const id = useId();
  const [city, setCity] = useState("");
  const [maxPrice, setMaxPrice] = useState(PRICE_DEFAULT_SEARCH);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(budgetResultsUrl(city, maxPriceParam(maxPrice)));
  }

  return (
    // Action, method and names make it a plain search form until the page's code has loaded (the server draws
    // the home page before that): it then asks for the same results page.
    <form
      action="/properties"
      method="get"
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
          name="city"
          value={city}
          onChange={(event) => setCity(event.target.value)}
          placeholder="e.g. Camden, Kensington"
          autoComplete="address-level2"
          className="h-12"
        />
      </div>
      <MaxPriceField id={id} value={maxPrice} onChange={setMaxPrice} trackClassName="h-12" />
      {maxPriceParam(maxPrice) === undefined ? null : (
        <input type="hidden" name="maxPrice" value={maxPriceParam(maxPrice)} />
      )}
      <Button type="submit" size="lg" className="h-12">
        Show properties
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
