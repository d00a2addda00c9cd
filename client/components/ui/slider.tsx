import type * as React from "react";
import { cn } from "@/lib/utils";

type SliderProps = Omit<React.ComponentProps<"input">, "type" | "value" | "onChange" | "min" | "max" | "step"> & {
  value: number;
  min: number;
  max: number;
  step: number;
  onValueChange: (value: number) => void;
  /** Spoken value, e.g. "£500 per night" or "No maximum". */
  "aria-valuetext"?: string;
};

/**
 * A single-value slider drawn on the browser's own range input: keyboard steps (arrows, Page Up/Down for a tenth of
 * the range, Home and End), the slider role and its value come from the platform, it works before the page's script
 * has run, and it costs a public page no script of its own. The `range-slider` utility draws it in the site's style.
 */
export function Slider({ className, value, min, max, step, onValueChange, style, ...props }: SliderProps) {
  const filled = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      data-slot="slider"
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onValueChange(Number(event.target.value))}
      className={cn("range-slider", className)}
      style={{ ...style, "--range-filled": `${filled}%` } as React.CSSProperties}
      {...props}
    />
  );
}
