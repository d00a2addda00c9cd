import { Slider as SliderPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

type SliderProps = Omit<React.ComponentProps<typeof SliderPrimitive.Root>, "aria-label" | "aria-labelledby"> & {
  /** Name of the thumb (role="slider") for assistive technology; use one of the two. */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  /** Spoken value, e.g. "£500 per night" or "No maximum". */
  "aria-valuetext"?: string;
  thumbId?: string;
};

export function Slider({
  className,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  "aria-valuetext": ariaValueText,
  thumbId,
  ...props
}: SliderProps) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        "relative flex w-full touch-none items-center py-2 select-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-secondary-hover">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        id={thumbId}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-valuetext={ariaValueText}
        className="block size-6 cursor-grab rounded-full border-2 border-primary bg-card shadow-md transition-[box-shadow,transform] duration-150 hover:scale-105 focus-visible:ring-4 focus-visible:ring-brass-500/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
      />
    </SliderPrimitive.Root>
  );
}
