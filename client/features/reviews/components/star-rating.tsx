import { Star } from "lucide-react";
import { cn } from "@/lib/utils";
import { starsLabel } from "../utils/format-review";

const STARS = [1, 2, 3, 4, 5] as const;

/** Read-only stars; a fractional value fills the last star partly. Screen readers hear the number instead. */
export function StarDisplay({
  value,
  className,
  size = "size-4",
  announce = true,
}: {
  value: number;
  className?: string;
  size?: string;
  /** False where the number is already written beside the stars. */
  announce?: boolean;
}) {
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)}>
      {announce ? <span className="sr-only">{`Rated ${value} out of 5`}</span> : null}
      {STARS.map((n) => {
        const fill = Math.max(0, Math.min(1, value - (n - 1)));
        return (
          <span key={n} aria-hidden="true" className={cn("relative inline-block", size)}>
            <Star aria-hidden="true" className={cn("absolute inset-0 text-brass-500/45", size)} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden="true" className={cn("fill-brass-500 text-brass-500", size)} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

/**
 * Five stars as a radio group: a label (legend) for the group, a name for each star, and the arrow
 * keys move between them as with any radio buttons.
 */
export function StarInput({
  name,
  label,
  value,
  onChange,
  error,
  describedBy,
}: {
  name: string;
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  error?: string | undefined;
  describedBy?: string;
}) {
  const shown = value ?? 0;
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
      aria-describedby={error ? errorId : describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="float-left text-sm font-medium text-foreground">{label}</legend>
      <div className="ml-auto flex items-center gap-0.5">
        {STARS.map((n) => (
          <label
            key={n}
            className="group relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              // Over the star, invisible: a click or tap lands on the radio itself.
              className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <Star
              aria-hidden="true"
              className={cn(
                "pointer-events-none size-6 transition-[color,fill,scale] duration-100 group-hover:scale-110",
                n <= shown ? "fill-brass-500 text-brass-500" : error ? "text-destructive/70" : "text-input",
              )}
            />
            <span className="sr-only">{starsLabel(n)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="w-full text-right text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
