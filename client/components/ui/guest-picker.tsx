import { PARTY_MAX, partySummary, type TParty } from "@common/domain/party";
import { ChevronDown } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/utils";

// The steppers load when the picker is first pointed at, focused or opened, never with the page.
const loadPanel = () => import("./guest-picker-panel");
const GuestPickerPanel = lazy(loadPanel);

/**
 * Who comes on a stay: a button that says "3 guests, 1 infant, 1 pet" and opens steppers for adults, children,
 * infants and pets. A plain disclosure (no popover library) so public pages stay light; Escape closes it and gives
 * focus back to the button. `maxGuests` caps adults and children together (a listing's capacity); `petsAllowed`
 * false keeps the pets stepper at 0 with the listing's reason.
 */
export function GuestPicker({
  value,
  onChange,
  label = "Guests",
  maxGuests = PARTY_MAX.adults,
  petsAllowed = true,
  inline = false,
  className,
}: {
  value: TParty;
  onChange: (next: TParty) => void;
  label?: string;
  maxGuests?: number;
  petsAllowed?: boolean;
  /** The steppers open in the page's flow instead of floating (inside a card that clips overflow). */
  inline?: boolean;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  /** Once opened, the panel stays mounted (hidden when closed), so reopening is instant. */
  const [loaded, setLoaded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // While the panel is open the party counts from the last step taken, not from `value`: a page that keeps the party
  // in its URL hands the new value back only after its search has loaded, and quick steps would each undo the last.
  const [chosen, setChosen] = useState<TParty | null>(null);
  const current = (open && chosen) || value;
  const choose = (next: TParty) => {
    setChosen(next);
    onChange(next);
  };

  useEffect(() => {
    if (!open) {
      setChosen(null);
      return;
    }
    // A click or focus outside closes the panel, as any disclosure menu does.
    const away = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it and gives focus back to the button, as a disclosure menu does.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !root.current?.contains(event.target as Node)) return;
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} className={cn("relative", className)}>
      <span id={`${id}-label`} className="mb-2 block text-sm font-medium leading-none">
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-labelledby={`${id}-label ${id}-summary`}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => {
          setLoaded(true);
          setOpen((was) => !was);
        }}
        className="flex h-11 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span id={`${id}-summary`}>{partySummary(current)}</span>
        <ChevronDown aria-hidden="true" className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </button>
      {open || loaded ? (
        <Suspense fallback={null}>
          <GuestPickerPanel
            id={id}
            open={open}
            value={current}
            onChange={choose}
            maxGuests={maxGuests}
            petsAllowed={petsAllowed}
            inline={inline}
            onDone={() => {
              setOpen(false);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
