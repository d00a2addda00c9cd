import { Slider } from "@/components/ui/slider";
import { formatMaxPriceLabel, PRICE_SLIDER_MAX, PRICE_SLIDER_MIN, PRICE_SLIDER_STEP } from "@/lib/price-filter";
import { cn } from "@/lib/utils";

/**
 * "Max price per night": a labelled slider (0 to 1000 in steps of 10) with its value
 * shown beside the label, '£1000+' at the top.
 */
export function MaxPriceField({
  id,
  value,
  onChange,
  className,
  trackClassName = "h-11",
  showScale = false,
}: {
  /** Prefix for the element ids (from useId). */
  id: string;
  value: number;
  onChange: (value: number) => void;
  className?: string;
  trackClassName?: string;
  /** "£0 … No limit" under the track. */
  showScale?: boolean;
}) {
  const label = formatMaxPriceLabel(value);
  return (
    <div className={className}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <span id={`${id}-price-label`} className="text-sm font-medium leading-none">
          Max price per night
        </span>
        {/* The slider itself tells assistive technology its value (aria-valuetext). */}
        <span aria-hidden="true" className="rounded-full bg-secondary px-2.5 py-0.5 text-sm font-semibold tabular-nums">
          {label}
        </span>
      </div>
      <div className={cn("flex items-center", trackClassName)}>
        <Slider
          id={`${id}-price`}
          aria-labelledby={`${id}-price-label`}
          aria-valuetext={value >= PRICE_SLIDER_MAX ? "No maximum" : `${label} per night`}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={PRICE_SLIDER_STEP}
          value={value}
          onValueChange={onChange}
        />
      </div>
      {showScale ? (
        <p className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>£{PRICE_SLIDER_MIN}</span>
          <span>No limit</span>
        </p>
      ) : null}
    </div>
  );
}
