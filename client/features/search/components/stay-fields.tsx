import type { StayDatesProblem } from "@common/domain/stay-dates";
import { ChevronDown, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { StayDateFields, StayProblemNote } from "@/components/ui/stay-date-field";
import { pluralize } from "@/lib/format";
import type { StaySearch } from "@/lib/stay-search";
import { cn } from "@/lib/utils";

/** The guest counts offered; a larger count from a link is added to the list. */
const GUEST_CHOICES = Array.from({ length: 16 }, (_, i) => i + 1);

type StayField = "checkIn" | "checkOut" | "guests";

/**
 * Check-in, Check-out and Guests of the browse page. A pair of dates the server would refuse is explained
 * here (and not sent); one date without the other is only a hint, since the visitor may be choosing it.
 */
export function StayFields({
  id,
  stay,
  problem,
  onChange,
  className,
  dates,
  guestsSlot,
}: {
  /** Prefix for the element ids (from useId). */
  id: string;
  stay: StaySearch;
  problem: StayDatesProblem | null;
  onChange: (field: StayField, value: string) => void;
  className?: string;
  /** Drawn instead of the two date fields (flexible dates). */
  dates?: ReactNode;
  /** Shown in place of the guest count select (the browse page's guest picker). */
  guestsSlot?: ReactNode;
}) {
  const describedBy = problem ? `${id}-stay-problem` : undefined;
  const guestChoices =
    stay.guests !== undefined && !GUEST_CHOICES.includes(stay.guests) ? [...GUEST_CHOICES, stay.guests] : GUEST_CHOICES;

  return (
    <fieldset className={cn("min-w-0", className)}>
      <legend className="sr-only">Your stay</legend>
      {/* Dates side by side once a 16px date field fits its half (phones below 440px stack them). */}
      <div className="grid grid-cols-1 gap-x-3 gap-y-5 min-[440px]:grid-cols-2 sm:grid-cols-[1fr_1fr_0.8fr]">
        {dates ?? (
          <StayDateFields
            idPrefix={id}
            stay={stay}
            onChange={onChange}
            problem={problem}
            describedBy={describedBy}
            className="min-w-0"
            labelClassName="mb-2"
            inputClassName="px-3"
          />
        )}
        {guestsSlot ? (
          <div className="min-w-0 min-[440px]:col-span-2 sm:col-span-1">{guestsSlot}</div>
        ) : (
          <div className="min-w-0 min-[440px]:col-span-2 sm:col-span-1">
            <Label htmlFor={`${id}-guests`} className="mb-2">
              Guests
            </Label>
            <div className="relative">
              <Users
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <select
                id={`${id}-guests`}
                value={stay.guests ?? ""}
                onChange={(event) => onChange("guests", event.target.value)}
                className={cn(
                  "flex h-11 w-full min-w-0 cursor-pointer appearance-none rounded-xl border border-input bg-card pr-9 pl-10 text-base text-foreground shadow-[inset_0_1px_1px_rgb(20_33_61/0.04)] transition-[border-color,box-shadow] duration-150 outline-none sm:text-sm",
                  "hover:border-foreground/50 focus-visible:border-foreground focus-visible:ring-3 focus-visible:ring-brass-500/35",
                )}
              >
                <option value="">Any</option>
                {guestChoices.map((n) => (
                  <option key={n} value={n}>
                    {pluralize(n, "guest")}
                  </option>
                ))}
              </select>
              <ChevronDown
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
              />
            </div>
          </div>
        )}
      </div>
      {dates ? null : <StayProblemNote id={`${id}-stay-problem`} problem={problem} messageClassName="mt-2" />}
    </fieldset>
  );
}
