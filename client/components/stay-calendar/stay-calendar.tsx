import { UNAVAILABLE_REASON_TEXT } from "@common/domain/availability";
import { addMonths, londonToday, longerThanMonths, nightsBetween } from "@common/domain/calendar-dates";
import { nightsBoundsReason } from "@common/domain/stay-length-rule";
import type { TAvailabilityDay, TStayLengths } from "@common/schemas/availability";
import { formatWeekdayDayMonth } from "@common/utils/dates";
import { CircleAlert } from "lucide-react";
import { Dialog } from "radix-ui";
import { useMemo, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { dateOfIsoDay, isoDayOf, NightCalendar, type NightCalendarDay } from "@/components/ui/night-calendar";
import { formatPounds, pluralize } from "@/lib/format";
import { useAvailability } from "./use-availability";

/** Two months side by side from a tablet up; one on a phone. */
const WIDE = "(min-width: 48rem)";
const subscribeWide = (onChange: () => void) => {
  const list = window.matchMedia(WIDE);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * Why the listing's minimum or maximum nights refuse a stay of this length, or null, by the quote's own rule. A stay
 * by the night is a short let under 28 nights and a mid let up to 6 months; longer ones are tenancies, which the
 * quote judges.
 */
function nightsProblem(lengths: TStayLengths, stay: { checkIn: string; checkOut: string }): string | null {
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (longerThanMonths(stay, 6)) return null;
  const mode = nights < 28 ? "short_let" : "mid_let";
  const rule = mode === "short_let" ? lengths.shortLet : lengths.midLet;
  // From 28 nights the guest may ask for a tenancy instead, where the listing offers one: the card asks that.
  if (!rule.offered) {
    return nights >= 28 && lengths.tenancy.offered
      ? null
      : `${mode === "short_let" ? "Short lets" : "Mid lets"} are not offered here.`;
  }
  return nightsBoundsReason(mode, rule, nights);
}

export type StayCalendarProps = {
  propertyId: number;
  /** A periodic tenancy's move-in day alone, or a stay's check-in and check-out. */
  moveInOnly: boolean;
  checkIn: string;
  checkOut: string;
  onClose: () => void;
  /** Where the focus goes back to when the calendar closes: the button that opened it. */
  returnFocus: () => void;
  /** The chosen dates, written where the card's fields write them ("" clears one); no check-out for a move-in day. */
  onChoose: (dates: { checkIn: string; checkOut?: string }) => void;
};

/**
 * The price card's calendar, in a dialog: the listing's free nights with their all-in prices, the others greyed with
 * why, and the stay's length checked against the listing's minimum and maximum nights as the guest chooses. Loaded
 * only when first opened, with react-day-picker, so the listing's first download does not carry it.
 */
export default function StayCalendar({
  propertyId,
  moveInOnly,
  checkIn,
  checkOut,
  onClose,
  returnFocus,
  onChoose,
}: StayCalendarProps) {
  const today = londonToday();
  const firstMonth = monthStartOf(today);
  // Bookings open up to 2 years ahead; the server marks the nights past that day as closed.
  const lastMonth = addMonths(today, 24);
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  const [month, setMonth] = useState(() => (checkIn >= today ? monthStartOf(checkIn) : firstMonth));
  const [draft, setDraft] = useState<{ from?: string; to?: string }>(() =>
    checkIn >= today ? { from: checkIn, to: !moveInOnly && checkOut > checkIn ? checkOut : undefined } : {},
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  // Three months from the first one shown: both months on screen, and the next one to page to.
  const availability = useAvailability(propertyId, month, 3);
  const days = useMemo(
    () => new Map<string, TAvailabilityDay>((availability.data?.days ?? []).map((day) => [day.date, day])),
    [availability.data],
  );
  const held = useMemo(
    () => [...days.values()].filter((day) => !day.free && day.reason !== "past").map((day) => day.date),
    [days],
  );
  const choosingCheckOut = !moveInOnly && draft.from !== undefined && draft.to === undefined;
  // The first night held after check-in: the stay may end that morning, and no later.
  const firstHeldAfter = (day: string) => held.find((night) => night > day);
  const checkOutOnly = choosingCheckOut && draft.from ? firstHeldAfter(draft.from) : undefined;

  function dayInfo(day: string): NightCalendarDay | undefined {
    const info = days.get(day);
    if (!info) return undefined;
    if (day === checkOutOnly)
      return { price: null, spoken: `${UNAVAILABLE_REASON_TEXT[info.reason ?? "taken"]}, check-out only` };
    if (!info.free) return { price: null, spoken: `not available: ${UNAVAILABLE_REASON_TEXT[info.reason ?? "taken"]}` };
    // A tenancy has no end, so the home must be free from the move-in day on.
    if (moveInOnly && firstHeldAfter(day)) {
      return { price: null, spoken: "not available: another stay is booked later, and a tenancy has no end date" };
    }
    const price = info.allInPrice === null ? null : formatPounds(info.allInPrice);
    return { price: moveInOnly ? null : price, spoken: price && !moveInOnly ? "a night incl. fees" : "free" };
  }

  function isDisabled(date: Date): boolean {
    const day = isoDayOf(date);
    if (day < today) return true;
    if (day === checkOutOnly) return false;
    const info = days.get(day);
    if (!info) return false;
    if (!info.free) return true;
    return moveInOnly && firstHeldAfter(day) !== undefined;
  }

  function pick(day: string) {
    if (moveInOnly) {
      setDraft({ from: day });
      setRefusal(null);
      onChoose({ checkIn: day });
      return;
    }
    // After a refused check-out, the next day chosen starts a new stay: no need to clear first.
    if (!choosingCheckOut || !draft.from || day <= draft.from || refusal !== null) {
      const info = days.get(day);
      if (info && !info.free) {
        setRefusal(
          `${formatWeekdayDayMonth(day)} is ${UNAVAILABLE_REASON_TEXT[info.reason ?? "taken"]}: choose another check-in day.`,
        );
        return;
      }
      setDraft({ from: day });
      setRefusal(null);
      // The old check-out goes with the old check-in: the card then asks for the new one.
      onChoose({ checkIn: day, checkOut: "" });
      return;
    }
    const from = draft.from;
    const crossed = held.find((night) => night >= from && night < day);
    if (crossed) {
      const reason = UNAVAILABLE_REASON_TEXT[days.get(crossed)?.reason ?? "taken"];
      setRefusal(
        `Your stay can't include the night of ${formatWeekdayDayMonth(crossed)} (${reason}). Choose dates without it.`,
      );
      return;
    }
    const stay = { checkIn: from, checkOut: day };
    const lengths = availability.data?.stayLengths;
    if (lengths) {
      const reason = nightsProblem(lengths, stay);
      if (reason) {
        setRefusal(`${pluralize(nightsBetween(from, day), "night")} can't be booked here. ${reason}`);
        return;
      }
    }
    setDraft({ from, to: day });
    setRefusal(null);
    onChoose(stay);
  }

  const status = moveInOnly
    ? draft.from
      ? `Move in on ${formatWeekdayDayMonth(draft.from)}.`
      : "Choose the day you move in."
    : !draft.from
      ? "Choose your check-in day."
      : !draft.to
        ? `Check-in ${formatWeekdayDayMonth(draft.from)}. Now choose your check-out day.`
        : `${formatWeekdayDayMonth(draft.from)} to ${formatWeekdayDayMonth(draft.to)}: ${pluralize(nightsBetween(draft.from, draft.to), "night")}.`;
  const minNights = availability.data?.stayLengths.shortLet;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPanel
        size={wide ? "3xl" : "lg"}
        aria-describedby="stay-calendar-help"
        className="gap-4"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <div className="pr-8">
          <Dialog.Title className="font-display text-2xl font-medium">
            {moveInOnly ? "Choose your move-in date" : "Choose your dates"}
          </Dialog.Title>
          <p id="stay-calendar-help" className="mt-1 text-sm text-muted-foreground">
            {moveInOnly
              ? "Struck-through days cannot be chosen."
              : `Prices are per night, incl. fees. Struck-through days cannot be chosen.${
                  minNights?.offered && minNights.minNights > 1
                    ? ` Stays here are at least ${minNights.minNights} nights.`
                    : ""
                }`}
          </p>
        </div>
        <DialogCloseButton />
        <NightCalendar
          selection={{
            from: draft.from ? dateOfIsoDay(draft.from) : undefined,
            to: draft.to ? dateOfIsoDay(draft.to) : undefined,
            single: moveInOnly,
          }}
          month={dateOfIsoDay(month)}
          onMonthChange={(next) => setMonth(isoDayOf(next))}
          numberOfMonths={wide ? 2 : 1}
          startMonth={dateOfIsoDay(firstMonth)}
          endMonth={dateOfIsoDay(lastMonth)}
          dayInfo={dayInfo}
          disabled={isDisabled}
          onPick={pick}
          className={availability.isFetching && !availability.data ? "opacity-60" : undefined}
        />
        <div aria-live="polite" className="min-h-10 text-sm">
          {refusal ? (
            <p className="flex items-start gap-1.5 font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {refusal}
            </p>
          ) : availability.isError ? (
            <p className="text-destructive">We couldn't load which nights are free. You can still type your dates.</p>
          ) : (
            <p className="text-muted-foreground">{status}</p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button
            variant="ghost"
            onClick={() => {
              setDraft({});
              setRefusal(null);
              onChoose(moveInOnly ? { checkIn: "" } : { checkIn: "", checkOut: "" });
            }}
          >
            Clear
          </Button>
          <Dialog.Close asChild>
            <Button>Done</Button>
          </Dialog.Close>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
