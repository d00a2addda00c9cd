import { PARTY_KINDS, PARTY_MAX, PARTY_MIN, type PartyKind, type TParty } from "@common/domain/party";
import { Minus, Plus } from "lucide-react";
import type { ReactNode } from "react";

const ROWS: Record<PartyKind, { label: string; hint: string; one: string; many: string }> = {
  adults: { label: "Adults", hint: "Ages 18 or above", one: "adult", many: "adults" },
  children: { label: "Children", hint: "Ages 2–17", one: "child", many: "children" },
  infants: { label: "Infants", hint: "Under 2, not counted as guests", one: "infant", many: "infants" },
  pets: { label: "Pets", hint: "Where the home allows them", one: "pet", many: "pets" },
};

/** The guest picker's steppers, loaded when the picker is first opened or pointed at (keeps public pages light). */
export default function GuestPickerPanel({
  id,
  open,
  value,
  onChange,
  maxGuests,
  petsAllowed,
  onDone,
  inline,
}: {
  id: string;
  open: boolean;
  value: TParty;
  onChange: (next: TParty) => void;
  maxGuests: number;
  petsAllowed: boolean;
  onDone: () => void;
  /** In the page's flow (inside a card that clips what overflows) rather than floating over it. */
  inline: boolean;
}) {
  const guests = value.adults + value.children;
  const highest = (kind: PartyKind) => {
    if (kind === "pets" && !petsAllowed) return 0;
    if (kind === "adults" || kind === "children") return Math.min(PARTY_MAX[kind], value[kind] + maxGuests - guests);
    return PARTY_MAX[kind];
  };
  const step = (kind: PartyKind, by: number) => onChange({ ...value, [kind]: value[kind] + by });
  return (
    <fieldset
      id={`${id}-panel`}
      hidden={!open}
      className={
        inline
          ? "mt-3 w-full rounded-xl border border-border bg-card p-4"
          : "absolute right-0 z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-border bg-card p-4 shadow-lg"
      }
    >
      <legend className="sr-only">Who is coming</legend>
      <ul className="grid gap-3">
        {PARTY_KINDS.map((kind) => {
          const row = ROWS[kind];
          const count = value[kind];
          const top = highest(kind);
          const hint = kind === "pets" && !petsAllowed ? "This home does not allow pets" : row.hint;
          return (
            <li key={kind} className="flex items-center justify-between gap-3">
              <div>
                <p id={`${id}-${kind}`} className="text-sm font-medium">
                  {row.label}
                </p>
                <p id={`${id}-${kind}-hint`} className="text-xs text-muted-foreground">
                  {hint}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <StepButton
                  label={`Fewer ${row.many}`}
                  describedBy={`${id}-${kind}-count`}
                  disabled={count <= PARTY_MIN[kind]}
                  onClick={() => step(kind, -1)}
                >
                  <Minus aria-hidden="true" className="size-4" />
                </StepButton>
                <output
                  id={`${id}-${kind}-count`}
                  aria-live="polite"
                  aria-label={`${count} ${count === 1 ? row.one : row.many}`}
                  className="w-6 text-center text-sm font-semibold tabular-nums"
                >
                  {count}
                </output>
                <StepButton
                  label={`More ${row.many}`}
                  describedBy={`${id}-${kind}-count`}
                  disabled={count >= top}
                  onClick={() => step(kind, 1)}
                >
                  <Plus aria-hidden="true" className="size-4" />
                </StepButton>
              </div>
            </li>
          );
        })}
      </ul>
      {guests >= maxGuests && maxGuests < PARTY_MAX.adults ? (
        <p className="mt-3 text-xs text-muted-foreground">
          This home sleeps at most {maxGuests} {maxGuests === 1 ? "guest" : "guests"}; infants are not counted.
        </p>
      ) : null}
      <button
        type="button"
        onClick={onDone}
        className="mt-3 w-full rounded-full bg-secondary px-4 py-2 text-sm font-medium hover:bg-secondary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        Done
      </button>
    </fieldset>
  );
}

function StepButton({
  label,
  describedBy,
  disabled,
  onClick,
  children,
}: {
  label: string;
  describedBy: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-describedby={describedBy}
      // aria-disabled, not disabled: a button that reaches its limit keeps the keyboard's focus.
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      className="inline-flex size-9 items-center justify-center rounded-full border border-foreground/25 bg-card text-foreground hover:border-foreground/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      {children}
    </button>
  );
}
