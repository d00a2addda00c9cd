import { Tooltip as TooltipPrimitive } from "radix-ui";
import * as React from "react";

/** Tooltips open after 700 ms. */
export const TOOLTIP_DELAY_MS = 700;

/**
 * The tooltip itself (Radix, positioned by floating-ui): loaded by `Tooltip` only when a pointer or the keyboard
 * first reaches a trigger. `refocus` gives focus back to a trigger that had it when the hint was swapped in, which
 * also opens the hint as keyboard focus does.
 */
export function TooltipPopup({
  content,
  refocus,
  children,
}: {
  content: React.ReactNode;
  refocus: boolean;
  children: React.ReactElement;
}) {
  const trigger = React.useRef<HTMLButtonElement>(null);
  React.useLayoutEffect(() => {
    if (refocus) trigger.current?.focus();
  }, [refocus]);
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild ref={trigger}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 max-w-64 animate-fade-in rounded-lg bg-popover px-3 py-1.5 text-xs leading-snug text-popover-foreground shadow-float"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-popover" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
