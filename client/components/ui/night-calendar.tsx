import { ChevronLeft, ChevronRight } from "lucide-react";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { type DayButtonProps, DayPicker } from "react-day-picker";
import { enGB } from "react-day-picker/locale/en-GB";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * What the calendar shows on one day: a short price under its number, and the words a screen reader hears after it.
 * A calendar that tells more than free or not (the landlord's: booked, blocked, imported) gives the day its own
 * `content` under the number, its own `look`, and its `state`, written on the button as data-state beside data-date.
 */
export type NightCalendarDay = {
  price: string | null;
  spoken: string;
  content?: ReactNode;
  look?: string;
  state?: string;
};

/** A calendar day as the API writes it (YYYY-MM-DD), from the local Date DayPicker works with. */
export function isoDayOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The local Date of a calendar day written YYYY-MM-DD. */
export function dateOfIsoDay(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

// Dates are British whatever the browser's language: "Monday 7 December 2026".
const WEEKDAY = new Intl.DateTimeFormat("en-GB", { weekday: "long" });
const MONTH_YEAR = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric" });

const DaysContext = createContext<(day: string) => NightCalendarDay | undefined>(() => undefined);

/**
 * A day's button: its number, and its price when it has one. Its name is its own text, with the words only a screen
 * reader needs ("Monday", "December 2026", why it cannot be chosen) hidden from view, so what is seen is what is said.
 */
function PricedDayButton({ day, modifiers, children, className, "aria-label": _dateOnly, ...props }: DayButtonProps) {
  const info = useContext(DaysContext)(day.isoDate);
  // The grid moves its focus by marking a day focused; the button takes it, as the library's own button does.
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const chosen = modifiers.range_start || modifiers.range_end || (modifiers.selected && !modifiers.range_middle);
  const price = info?.price && !modifiers.disabled ? info.price : null;
  const after = [modifiers.selected ? "selected" : "", info?.spoken ?? ""].filter(Boolean).join(", ");
  const own = info?.content !== undefined;
  return (
    <button
      {...props}
      ref={ref}
      data-date={info?.state ? day.isoDate : undefined}
      data-state={info?.state}
      className={cn(
        className,
        "flex size-full flex-col items-center justify-center gap-0.5 rounded-lg text-sm tabular-nums transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
        info?.look ??
          cn(
            modifiers.disabled
              ? "cursor-not-allowed text-muted-foreground line-through decoration-muted-foreground/60"
              : "cursor-pointer hover:bg-secondary",
            chosen && "bg-primary text-primary-foreground no-underline hover:bg-primary-hover",
          ),
      )}
    >
      <span className="sr-only">{WEEKDAY.format(day.date)} </span>
      <span className="font-medium">{children}</span>
      <span className="sr-only"> {MONTH_YEAR.format(day.date)}, </span>
      {own ? (
        info.content
      ) : price ? (
        <span
          className={cn("text-[0.65rem] leading-none", chosen ? "text-primary-foreground/85" : "text-muted-foreground")}
        >
          {price}
        </span>
      ) : null}
      {!own && after ? <span className="sr-only"> {after}</span> : null}
    </button>
  );
}

function MonthChevron({ orientation }: { orientation?: "left" | "right" | "up" | "down" }) {
  return orientation === "left" ? (
    <ChevronLeft aria-hidden="true" className="size-4" />
  ) : (
    <ChevronRight aria-hidden="true" className="size-4" />
  );
}

type Shared = {
  /** The first month shown, and its change when the visitor pages. */
  month: Date;
  onMonthChange: (month: Date) => void;
  numberOfMonths: number;
  startMonth: Date;
  endMonth: Date;
  /** What to show and say of a day (YYYY-MM-DD); undefined while unknown. */
  dayInfo: (day: string) => NightCalendarDay | undefined;
  disabled: (date: Date) => boolean;
  /** The day the visitor clicked or pressed Enter on. */
  onPick: (day: string) => void;
  /** The day the focus moved to, and the day the pointer is over (null when it leaves), e.g. to show its details. */
  onDayFocus?: (day: string) => void;
  onDayHover?: (day: string | null) => void;
  /** The month buttons' names from the month each would show first; the library's own words when not given. */
  navLabels?: { previous: (month: Date | undefined) => string; next: (month: Date | undefined) => string };
  className?: string;
};

/**
 * A month grid of nights in the design system's look, British dates and week from Monday whatever the browser's
 * language, each day with its price and, for a screen reader, why it cannot be chosen. Picks a range (a stay) or one
 * day (a move-in date); the caller decides what a pick means. Keyboard: arrows move by day and week, Page Up and Page
 * Down by month, Enter or Space picks.
 */
export function NightCalendar({
  selection,
  month,
  onMonthChange,
  numberOfMonths,
  startMonth,
  endMonth,
  dayInfo,
  disabled,
  onPick,
  onDayFocus,
  onDayHover,
  navLabels,
  className,
}: Shared & { selection: { from: Date | undefined; to?: Date | undefined; single?: boolean } }) {
  const common = {
    locale: enGB,
    month,
    onMonthChange,
    numberOfMonths,
    startMonth,
    endMonth,
    disabled,
    showOutsideDays: false,
    onDayFocus: onDayFocus && ((date: Date) => onDayFocus(isoDayOf(date))),
    onDayMouseEnter: onDayHover && ((date: Date) => onDayHover(isoDayOf(date))),
    onDayMouseLeave: onDayHover && (() => onDayHover(null)),
    labels: navLabels && { labelPrevious: navLabels.previous, labelNext: navLabels.next },
    components: {
      DayButton: PricedDayButton,
      Chevron: MonthChevron,
    },
    classNames: {
      root: cn("relative", className),
      months: "relative flex flex-col gap-6 sm:flex-row sm:gap-8",
      month: "w-full space-y-3",
      month_caption: "flex h-9 items-center justify-center font-display text-lg font-medium",
      nav: "absolute inset-x-0 top-0 z-10 flex h-9 items-center justify-between",
      button_previous: cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "aria-disabled:opacity-40"),
      button_next: cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "aria-disabled:opacity-40"),
      month_grid: "w-full border-collapse",
      weekdays: "flex",
      weekday: "flex-1 pb-1 text-center text-xs font-medium text-muted-foreground",
      week: "mt-1 flex w-full",
      day: "relative aspect-square flex-1 p-0.5 text-center",
      range_middle: "bg-secondary [&>button]:rounded-none",
      range_start: "rounded-l-lg bg-secondary",
      range_end: "rounded-r-lg bg-secondary",
      // The day's number is the button's second part, after the weekday only a screen reader hears.
      today:
        "[&>button>span:nth-child(2)]:underline [&>button>span:nth-child(2)]:decoration-accent [&>button>span:nth-child(2)]:decoration-2 [&>button>span:nth-child(2)]:underline-offset-4",
      hidden: "invisible",
    },
  };
  return (
    <DaysContext.Provider value={dayInfo}>
      {selection.single ? (
        <DayPicker {...common} mode="single" selected={selection.from} onSelect={(_, day) => onPick(isoDayOf(day))} />
      ) : (
        <DayPicker
          {...common}
          mode="range"
          selected={selection.from ? { from: selection.from, to: selection.to } : undefined}
          onSelect={(_, day) => onPick(isoDayOf(day))}
        />
      )}
    </DaysContext.Provider>
  );
}
