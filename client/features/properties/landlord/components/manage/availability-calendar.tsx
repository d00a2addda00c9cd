import { londonToday } from "@common/domain/calendar-dates";
import type { NightState, TCalendarMonth, TCalendarNight } from "@common/schemas/landlord-properties";
import { lastChangeableNight, NIGHT_STATES, NIGHTS_TOO_FAR_AHEAD } from "@common/schemas/landlord-properties";
import { formatMonthYear, formatWeekdayDate, formatWeekdayFullDate } from "@common/utils/dates";
import {
  CalendarCheck,
  Globe,
  Hourglass,
  Loader2,
  Lock,
  LockOpen,
  type LucideIcon,
  TriangleAlert,
  X,
} from "lucide-react";
import { useId, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { dateOfIsoDay, isoDayOf, NightCalendar, type NightCalendarDay } from "@/components/ui/night-calendar";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useCalendarMonth, useChangeNights } from "../../api/manage-property-api";
import {
  inRange,
  monthOf,
  NIGHT_STATE_HINTS,
  NIGHT_STATE_LABELS,
  type NightRange,
  orderedRange,
  rangeLabel,
  shiftMonth,
  summariseSelection,
} from "../../utils/calendar-grid";
import { Panel, SectionError, SectionFrame } from "./section-frame";
import { useWideScreen } from "./use-wide-screen";

/** Colour, an icon and a border per state, so no state is told by colour alone; the legend names each. */
const STATE_LOOK: Record<NightState, { cell: string; icon: LucideIcon | null }> = {
  free: { cell: "border-border bg-card text-foreground hover:border-foreground/50", icon: null },
  blocked: {
    cell: "border-input bg-[repeating-linear-gradient(135deg,var(--color-secondary)_0_6px,var(--color-card)_6px_12px)] text-foreground",
    icon: Lock,
  },
  requested: { cell: "border-warning/50 border-dashed bg-warning-soft text-warning", icon: Hourglass },
  booked: { cell: "border-primary bg-primary text-primary-foreground", icon: CalendarCheck },
  imported: { cell: "border-ink-700 border-dotted bg-ink-100 text-ink-800", icon: Globe },
  past: { cell: "border-transparent bg-secondary/60 text-muted-foreground", icon: null },
};

const NOTE_MAX = 200;

/** What a screen reader hears after the date, price and state: the note, the booking, the rule. */
function nightExtras(night: TCalendarNight, selected: boolean): string {
  const parts: string[] = [];
  if (night.state === "blocked" && night.note) parts.push(`note: ${night.note}`);
  if (night.booking) parts.push(`${night.booking.guestName}, ${night.booking.reference}`);
  if (night.imported) parts.push(`in ${night.imported.feedName}`);
  if (night.conflict) parts.push("conflict: also booked on another site");
  if (night.ruleName && night.state !== "past") parts.push(`price from rule ${night.ruleName}`);
  if (selected) parts.push("selected");
  return parts.map((part) => `, ${part}`).join("");
}

/** A month's nights loaded from the calendar read, by date; nothing for a month not loaded (yet). */
function nightsOf(...months: (TCalendarMonth | undefined)[]): Map<string, TCalendarNight> {
  return new Map(months.flatMap((month) => month?.nights ?? []).map((night) => [night.date, night]));
}

const monthName = (date: Date | undefined) => (date ? `, ${formatMonthYear(monthOf(isoDayOf(date)))}` : "");

/**
 * The months view on the shared night calendar (two months side by side on a desktop, one on a phone): each
 * night's state with an icon and a look of its own, the price of a free night, bookings with guest and reference for
 * the owner, and a selection of nights (click or Enter on the first and the last) to block with an optional note, or
 * to unblock.
 */
export function AvailabilityCalendar({ propertyId }: { propertyId: string }) {
  const today = londonToday();
  const [month, setMonth] = useState(monthOf(today));
  const [anchor, setAnchor] = useState<string | null>(null);
  const [range, setRange] = useState<NightRange | null>(null);
  const [focusDate, setFocusDate] = useState<string>(today);
  const [shown, setShown] = useState<string | null>(null);
  // Two months side by side where the page is wide enough for them beside the section list; one on a phone.
  const monthsShown = useWideScreen() ? 2 : 1;
  const first = useCalendarMonth(propertyId, month, true);
  const second = useCalendarMonth(propertyId, shiftMonth(month, 1), monthsShown === 2);
  const ids = useId();
  // The skeleton stands in only until the first answer: later months load into the grid already on screen, so the
  // keyboard focus is not lost while paging.
  const everLoaded = useRef(false);
  if (first.data) everLoaded.current = true;

  function choose(date: string) {
    if (anchor === null) {
      setAnchor(date);
      setRange({ from: date, to: date });
    } else {
      setRange(orderedRange(anchor, date));
      setAnchor(null);
    }
  }

  function clearSelection() {
    setAnchor(null);
    setRange(null);
  }

  const firstMonth = first.data?.month === month ? first.data : undefined;
  const nights = nightsOf(firstMonth, monthsShown === 2 ? second.data : undefined);
  const shownNight = nights.get(shown ?? focusDate) ?? null;
  const loading = first.isFetching || (monthsShown === 2 && second.isFetching);

  function dayInfo(date: string): NightCalendarDay | undefined {
    const night = nights.get(date);
    return night ? nightDay(night, inRange(date, range), anchor === date, date < today) : undefined;
  }

  return (
    <SectionFrame
      id="manage-calendar"
      title="Calendar"
      description="Each night's price and whether guests can book it. Choose the first and the last night of a range, then block or unblock it. Prices follow your pricing rules."
    >
      <Panel className="-mx-3 p-2 sm:mx-0 sm:p-6">
        <p className="min-h-5 text-center text-xs text-muted-foreground sm:text-sm">
          {firstMonth ? `Base price ${formatPounds(firstMonth.basePrice)} a night` : null}
        </p>

        <div className="mt-3" aria-busy={loading}>
          {loading ? (
            <p role="status" className="sr-only">
              Loading the calendar…
            </p>
          ) : null}
          {first.isError && !firstMonth ? (
            <SectionError
              title="Failed to load the calendar"
              onRetry={() => void first.refetch()}
              retrying={first.isFetching}
            />
          ) : !everLoaded.current ? (
            <CalendarSkeleton />
          ) : (
            <NightCalendar
              selection={{
                from: range ? dateOfIsoDay(range.from) : undefined,
                to: range ? dateOfIsoDay(range.to) : undefined,
              }}
              month={dateOfIsoDay(`${month}-01`)}
              onMonthChange={(date) => setMonth(monthOf(isoDayOf(date)))}
              numberOfMonths={monthsShown}
              startMonth={dateOfIsoDay(`${shiftMonth(monthOf(today), -HISTORY_MONTHS)}-01`)}
              endMonth={dateOfIsoDay(`${monthOf(lastChangeableNight(today))}-01`)}
              dayInfo={dayInfo}
              // Past nights cannot be blocked or opened; their details still show under the pointer.
              disabled={(date) => isoDayOf(date) < today}
              onPick={(date) => {
                setFocusDate(date);
                choose(date);
              }}
              onDayFocus={(date) => {
                setFocusDate(date);
                // The latest of pointer and keyboard decides which night the details show.
                setShown(null);
              }}
              onDayHover={setShown}
              navLabels={{
                previous: (date) => `Previous month${monthName(date)}`,
                next: (date) => `Next month${monthName(date)}`,
              }}
            />
          )}
        </div>

        <NightDetails night={shownNight} />
        <Legend />
        <p id={`${ids}-keys`} className="mt-3 hidden text-xs text-muted-foreground sm:block">
          Keyboard: arrow keys move between nights, Page Up and Page Down change the month, Enter chooses a night.
        </p>
      </Panel>

      <SelectionPanel
        propertyId={propertyId}
        range={range}
        anchor={anchor}
        nights={[...nights.values()]}
        onClear={clearSelection}
      />
    </SectionFrame>
  );
}

/** How far back the owner can page: the stays of the last two years stay in view. */
const HISTORY_MONTHS = 24;

/**
 * One night in the shared calendar: its state as an icon and a look (never colour alone), the price of a free night,
 * and for a screen reader the state, the note, the booking's guest and reference, the feed and the pricing rule.
 */
function nightDay(night: TCalendarNight, selected: boolean, isAnchor: boolean, past: boolean): NightCalendarDay {
  const look = STATE_LOOK[night.state];
  const Icon = night.conflict ? TriangleAlert : look.icon;
  const priced = night.state === "free";
  return {
    price: null,
    spoken: "",
    state: night.state,
    look: cn(
      "border",
      look.cell,
      past ? "cursor-default opacity-70 [&>span:nth-child(2)]:line-through" : "cursor-pointer",
      night.conflict && "outline-2 outline-offset-[-4px] outline-destructive",
      selected && "ring-2 ring-brass-700 ring-offset-1 ring-offset-card",
      isAnchor && "ring-[3px]",
    ),
    content: (
      <>
        <span className="flex h-3 items-center gap-0.5 text-[0.625rem] font-medium sm:text-[0.6875rem]">
          {Icon ? (
            <Icon aria-hidden="true" className={cn("size-3 shrink-0", night.conflict && "text-destructive")} />
          ) : null}
          {priced ? formatPounds(night.price) : null}
          {night.ruleName && !past ? (
            <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-brass-500" />
          ) : null}
        </span>
        <span className="sr-only">
          {priced ? ", " : ""}
          {NIGHT_STATE_LABELS[night.state]}
          {nightExtras(night, selected)}
        </span>
      </>
    ),
  };
}

function CalendarSkeleton() {
  return (
    <div className="grid grid-cols-7 gap-1">
      {Array.from({ length: 35 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton grid
        <Skeleton key={i} className="aspect-square rounded-lg" />
      ))}
    </div>
  );
}

/** The focused, hovered or tapped night in words: a booking's guest and reference, a block's note, the rule. */
function NightDetails({ night }: { night: TCalendarNight | null }) {
  return (
    <div className="mt-4 min-h-16 rounded-xl bg-secondary/60 px-4 py-3 text-sm" aria-live="polite">
      {night ? (
        <>
          <p className="font-medium">
            {formatWeekdayFullDate(night.date)} · {formatPounds(night.price)}
            {night.ruleName ? <span className="font-normal text-muted-foreground"> ({night.ruleName})</span> : null}
          </p>
          <p className="mt-0.5 text-muted-foreground">
            <span className="font-medium text-foreground">{NIGHT_STATE_LABELS[night.state]}</span>
            {night.booking
              ? ` · ${night.booking.guestName} · ${night.booking.reference} · ${formatWeekdayDate(night.booking.checkInDate)} to ${formatWeekdayDate(night.booking.checkOutDate)}`
              : night.imported
                ? ` · ${night.imported.feedName}${night.imported.summary ? `: ${night.imported.summary}` : ""}`
                : night.state === "blocked"
                  ? night.note
                    ? ` · ${night.note}`
                    : " · No note"
                  : ` · ${NIGHT_STATE_HINTS[night.state]}`}
          </p>
          {night.conflict && night.imported ? (
            <p className="mt-1 flex items-center gap-1.5 font-medium text-destructive">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              Also booked in {night.imported.feedName}: a double booking to sort out with the guest.
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-muted-foreground">Point at, tap or move to a night to see its details here.</p>
      )}
    </div>
  );
}

function Legend() {
  return (
    <div className="mt-4">
      <h4 className="sr-only">Legend</h4>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted-foreground sm:text-sm">
        {NIGHT_STATES.map((state) => {
          const look = STATE_LOOK[state];
          const Icon = look.icon;
          return (
            <li key={state} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={cn("flex size-5 items-center justify-center rounded border", look.cell)}
              >
                {Icon ? <Icon className="size-3" /> : null}
              </span>
              <span>
                <span className="font-medium text-foreground">{NIGHT_STATE_LABELS[state]}</span>
                <span className="hidden md:inline">: {NIGHT_STATE_HINTS[state].toLowerCase()}</span>
              </span>
            </li>
          );
        })}
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded border border-primary bg-primary text-destructive outline-2 outline-offset-[-3px] outline-destructive"
          >
            <TriangleAlert className="size-3 text-primary-foreground" />
          </span>
          <span>
            <span className="font-medium text-foreground">Conflict</span>
            <span className="hidden md:inline">: booked here and on another site</span>
          </span>
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="flex size-5 items-center justify-center">
            <span className="size-1.5 rounded-full bg-brass-500" />
          </span>
          <span className="font-medium text-foreground">Price set by a pricing rule</span>
        </li>
      </ul>
    </div>
  );
}

/** Block (with an optional note) or unblock the chosen nights; the server's 409 and 400 messages show here. */
function SelectionPanel({
  propertyId,
  range,
  anchor,
  nights,
  onClear,
}: {
  propertyId: string;
  range: NightRange | null;
  anchor: string | null;
  nights: readonly TCalendarNight[];
  onClear: () => void;
}) {
  const change = useChangeNights(propertyId);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const ids = useId();

  // A new selection starts without the last one's error.
  const rangeKey = range ? `${range.from}:${range.to}` : "";
  const lastRange = useRef(rangeKey);
  if (lastRange.current !== rangeKey) {
    lastRange.current = rangeKey;
    if (problem) setProblem(null);
  }

  if (!range) {
    return (
      <Panel className="text-sm text-muted-foreground">
        <p>
          <span className="font-medium text-foreground">No nights selected.</span> Choose the first night, then the last
          night of the range (with a mouse, a tap, or the arrow keys and Enter).
        </p>
      </Panel>
    );
  }

  const summary = summariseSelection(nights, range);
  const selecting = anchor !== null;
  // Said before sending; the server refuses such a range anyway (400 with the same words).
  const tooFarAhead = range.to > lastChangeableNight();

  function apply(action: "block" | "unblock") {
    if (!range) return;
    setProblem(null);
    const trimmed = note.trim();
    change.mutate(
      action === "block"
        ? { action, from: range.from, to: range.to, ...(trimmed ? { note: trimmed } : {}) }
        : { action, from: range.from, to: range.to },
      {
        onSuccess: ({ changed }) => {
          toast({
            title: action === "block" ? "Nights blocked" : "Nights unblocked",
            description:
              changed === 0
                ? action === "block"
                  ? "These nights were already blocked."
                  : "None of these nights was blocked."
                : `${pluralize(changed, "night")} ${action === "block" ? "closed to guests" : "open to guests again"}.`,
          });
          setNote("");
          onClear();
        },
        onError: (error) => {
          const title = isApiError(error, 409)
            ? "Some nights are booked"
            : isApiError(error, 400)
              ? "These nights cannot be changed"
              : "Nights not changed";
          setProblem({ title, message: serverMessageOf(error, "Please try again.") });
        },
      },
    );
  }

  return (
    <Panel aria-labelledby={`${ids}-selection`} role="region">
      <h3 id={`${ids}-selection`} className="font-display text-lg font-medium">
        {selecting ? "Choose the last night" : "Selected nights"}
      </h3>
      <p className="mt-1 text-sm">
        <span className="font-medium">{rangeLabel(range)}</span>
        <span className="text-muted-foreground">
          {" "}
          · {pluralize(summary.total, "night")}
          {selecting ? " so far: now choose the last night, or block just this one." : ""}
        </span>
      </p>
      {summary.held > 0 || summary.past > 0 || tooFarAhead ? (
        <p className="mt-1 text-sm text-warning">
          {summary.held > 0 ? `${pluralize(summary.held, "night")} booked or requested. ` : ""}
          {summary.past > 0 ? `${pluralize(summary.past, "night")} in the past. ` : ""}
          {tooFarAhead ? NIGHTS_TOO_FAR_AHEAD : ""}
        </p>
      ) : null}

      {problem ? (
        <Alert variant="destructive" role="alert" className="mt-4">
          <Lock aria-hidden="true" />
          <AlertTitle>{problem.title}</AlertTitle>
          <AlertDescription>{problem.message}</AlertDescription>
        </Alert>
      ) : null}

      <div className="mt-4 grid gap-2">
        <Label htmlFor={`${ids}-note`}>Note for blocked nights (optional)</Label>
        <Input
          id={`${ids}-note`}
          value={note}
          maxLength={NOTE_MAX}
          placeholder="Decorators in, family visit…"
          aria-describedby={`${ids}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${ids}-note-hint`} className="text-xs text-muted-foreground">
          Only you see it. At most {NOTE_MAX} characters.
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button disabled={change.isPending} onClick={() => apply("block")}>
          {change.isPending && change.variables?.action === "block" ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Lock aria-hidden="true" />
          )}
          Block {pluralize(summary.total, "night")}
        </Button>
        <Button variant="outline" disabled={change.isPending} onClick={() => apply("unblock")}>
          {change.isPending && change.variables?.action === "unblock" ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <LockOpen aria-hidden="true" />
          )}
          Unblock {pluralize(summary.total, "night")}
        </Button>
        <Button variant="ghost" disabled={change.isPending} onClick={onClear}>
          <X aria-hidden="true" />
          Clear selection
        </Button>
      </div>
    </Panel>
  );
}
