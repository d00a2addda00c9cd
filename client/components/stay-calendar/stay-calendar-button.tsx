import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { StayCalendarProps } from "./stay-calendar";

// The calendar and its date library load when the guest first asks for it (or points at or focuses its button),
// never with the page.
const loadStayCalendar = () => import("./stay-calendar");
const StayCalendar = lazy(loadStayCalendar);

/**
 * "Choose dates" (or "Choose move-in date"): opens the listing's calendar in a dialog, where taken nights show and the
 * listing's stay lengths apply, and gives the focus back to the button when it closes. The price card and the booking
 * wizard both use it.
 */
export function StayCalendarButton({
  className,
  size = "sm",
  ...calendar
}: Omit<StayCalendarProps, "onClose" | "returnFocus"> & { className?: string; size?: "sm" | "default" }) {
  // Mounted only while open, so each opening starts from the dates the page holds then (typed ones included).
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        size={size}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={loadStayCalendar}
        onFocus={loadStayCalendar}
        onClick={() => setOpen(true)}
      >
        {calendar.moveInOnly ? "Choose move-in date" : "Choose dates"}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <StayCalendar {...calendar} onClose={() => setOpen(false)} returnFocus={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
