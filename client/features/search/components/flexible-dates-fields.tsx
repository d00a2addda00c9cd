import { FLEX_KINDS, FLEX_LABELS, type FlexKind, MAX_FLEX_MONTHS, upcomingMonths } from "@common/domain/flexible-dates";
import { CircleAlert } from "lucide-react";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { cn } from "@/lib/utils";
import type { FlexibleChoice } from "../utils/flexible-search";

const MODE_OPTIONS = [
  { value: "exact", label: "Exact dates" },
  { value: "flexible", label: "Flexible" },
] as const;

/** "Exact dates" or "Flexible": which way the guest gives their dates. */
export function DatesModeControl({
  value,
  onChange,
  className,
}: {
  value: "exact" | "flexible";
  onChange: (mode: "exact" | "flexible") => void;
  className?: string;
}) {
  return (
    <SegmentedControl label="Dates" value={value} options={MODE_OPTIONS} onChange={onChange} className={className} />
  );
}

const KIND_OPTIONS = FLEX_KINDS.map((kind) => ({ value: kind, label: FLEX_LABELS[kind] }));

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * A weekend, a week or a month, and up to three of the next twelve months as toggle buttons; once three are chosen
 * the others rest until one is let go.
 */
export default function FlexibleDatesFields({
  id,
  value,
  today,
  onChange,
  error,
  className,
}: {
  /** Prefix for the element ids (from useId). */
  id: string;
  value: FlexibleChoice;
  /** London's today ('YYYY-MM-DD'): the first month offered is this one. */
  today: string;
  onChange: (choice: FlexibleChoice) => void;
  /** Said under the months, e.g. when none is chosen on submit. */
  error?: string | null;
  className?: string;
}) {
  const full = value.months.length >= MAX_FLEX_MONTHS;
  const toggle = (month: string) =>
    onChange({
      ...value,
      months: value.months.includes(month) ? value.months.filter((m) => m !== month) : [...value.months, month],
    });
  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      <SegmentedControl
        label="How long"
        value={value.flex}
        options={KIND_OPTIONS}
        onChange={(flex: FlexKind) => onChange({ ...value, flex })}
        className="w-full sm:w-auto"
      />
      <fieldset aria-describedby={error ? `${id}-months-error` : `${id}-months-hint`}>
        <legend className="mb-2 text-sm font-medium">
          Which months <span className="font-normal text-muted-foreground">(up to {MAX_FLEX_MONTHS})</span>
        </legend>
        <span id={`${id}-months-hint`} className="sr-only">
          Choose up to {MAX_FLEX_MONTHS} months; each result shows its first free stay in them.
        </span>
        <div className="flex flex-wrap gap-2">
          {upcomingMonths(today).map((month) => {
            const pressed = value.months.includes(month);
            return (
              <button
                key={month}
                type="button"
                aria-pressed={pressed}
                disabled={full && !pressed}
                onClick={() => toggle(month)}
                className={cn(
                  "h-9 cursor-pointer rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60",
                  pressed
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-card text-foreground hover:bg-secondary",
                )}
              >
                {monthLabel(month)}
              </button>
            );
          })}
        </div>
        {error ? (
          <p id={`${id}-months-error`} className="mt-1.5 flex items-start gap-1 text-xs font-medium text-destructive">
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
