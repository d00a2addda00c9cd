import { cn } from "@/lib/utils";

/**
 * A row of toggle buttons of which exactly one is on (a period, a view): each is a real button with aria-pressed,
 * in a fieldset whose legend names the group for screen readers, reached with Tab and pressed with Enter or Space.
 */
export function SegmentedControl<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  /** Names the group for screen readers, e.g. "Period". */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <fieldset
      className={cn(
        "inline-flex max-w-full min-w-0 rounded-full border border-border bg-card p-1 shadow-soft",
        className,
      )}
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) onChange(option.value);
            }}
            className={cn(
              "h-9 flex-1 cursor-pointer rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-4",
              pressed
                ? "bg-primary text-primary-foreground shadow-sm"
                : "text-muted-foreground hover:bg-secondary hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </fieldset>
  );
}
