import { Slider } from "@/components/ui/slider";
import { formatMaxPriceLabel, PRICE_SLIDER_MAX, PRICE_SLIDER_MIN, PRICE_SLIDER_STEP } from "@/lib/price-filter";
import { cn } from "@/lib/utils";

/**
 * "Max price per night": the labelled slider of spec 1 §5 (0 to 1000 in steps of 10) with its value
 * shown beside the label, '£1000+' at the top.
 */
export function MaxPriceField({
  id,
  value,
  onChange,
  className,
  trackClassName = "h-11",
}: {
  /** Prefix for the element ids (from useId). */
  id: string;
  value: number;
  onChange: (value: number) => void;
  className?: string;
  trackClassName?: string;
}) {
  const label = formatMaxPriceLabel(value);
  return (
    <div className={className}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <span id={`${id}-price-label`} className="text-sm font-medium leading-none">
          Max price per night
        </span>
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-sm font-semibold tabular-nums">{label}</span>
      </div>
      <div className={cn("flex items-center", trackClassName)}>
        <Slider
          thumbId={`${id}-price`}
          aria-labelledby={`${id}-price-label`}
          aria-valuetext={value >= PRICE_SLIDER_MAX ? "No maximum" : `${label} per night`}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={PRICE_SLIDER_STEP}
          value={[value]}
          onValueChange={([next]) => {
            if (next !== undefined) onChange(next);
          }}
        />
      </div>
    </div>
  );
}
