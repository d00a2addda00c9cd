import type { TPlace } from "@common/schemas/places";
import { MapPin } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { cn } from "@/lib/utils";
import { placeQueryText, usePlaceSuggestions } from "../api/get-places";

export type PlaceComboboxProps = {
  /** The input's id; the list and options derive theirs from it. */
  id: string;
  label: string;
  /** The text in the box: what the user typed, or the name of the place picked. */
  value: string;
  onValueChange: (text: string) => void;
  /** A suggestion was chosen; the box then holds its name. */
  onPick: (place: TPlace) => void;
  placeholder?: string;
  hint?: string;
  className?: string;
};

/** Waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;

/**
 * UK location autocomplete: an ARIA 1.2 combobox
 * with a list of suggestions from GET /api/places. Arrow keys move through the list, Enter picks,
 * Escape closes the list (or clears the box when it is closed). Failures are only logged: the visitor
 * can still type a place name and search.
 */
export function PlaceCombobox({
  id,
  label,
  value,
  onValueChange,
  onPick,
  placeholder,
  hint,
  className,
}: PlaceComboboxProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const debounced = useDebouncedValue(value, DEBOUNCE_MS);
  // Ask only while the user is typing: not for the name a pick just put in the box.
  const suggestions = usePlaceSuggestions(open ? debounced : "");
  const listRef = useRef<HTMLDivElement>(null);

  const listId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const places = suggestions.data ?? [];
  const settled = placeQueryText(debounced) === placeQueryText(value) && !suggestions.isFetching;
  const typedSomething = placeQueryText(value).length > 0;
  const showList = open && typedSomething && places.length > 0;
  const showNoMatch = open && typedSomething && settled && suggestions.isSuccess && places.length === 0;

  useEffect(() => {
    if (suggestions.isError) console.warn("UK place suggestions failed", suggestions.error);
  }, [suggestions.isError, suggestions.error]);

  // Keep the highlighted option in view when the list scrolls.
  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(optionId(activeIndex))}`)?.scrollIntoView({ block: "nearest" });
  });

  function pick(place: TPlace) {
    onValueChange(place.name);
    onPick(place);
    setOpen(false);
    setActiveIndex(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown": {
        event.preventDefault();
        if (!open) setOpen(true);
        if (places.length > 0) setActiveIndex((i) => (i + 1) % places.length);
        break;
      }
      case "ArrowUp": {
        event.preventDefault();
        if (!open) setOpen(true);
        if (places.length > 0) setActiveIndex((i) => (i <= 0 ? places.length - 1 : i - 1));
        break;
      }
      case "Enter": {
        const place = showList ? places[activeIndex] : undefined;
        if (place) {
          // Picking is not searching: the form is sent by its own button or a second Enter.
          event.preventDefault();
          pick(place);
        }
        break;
      }
      case "Escape": {
        if (showList || showNoMatch) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (value) {
          event.preventDefault();
          onValueChange("");
        }
        break;
      }
      case "Tab":
        setOpen(false);
        setActiveIndex(-1);
        break;
    }
  }

  const active = showList && activeIndex >= 0 && activeIndex < places.length ? activeIndex : -1;
  const announcement = showList
    ? `${places.length} ${places.length === 1 ? "place" : "places"} found. Use the up and down arrows to choose.`
    : showNoMatch
      ? "No UK places match."
      : "";

  return (
    <div className={cn("relative", className)}>
      <Label htmlFor={id} className="mb-2">
        {label}
      </Label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-describedby={hint ? hintId : undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          className="h-12 pl-10"
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
          }}
        />
        {open && typedSomething && !settled ? (
          <span
            aria-hidden="true"
            className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
          />
        ) : null}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!showList}
          className="absolute top-[calc(100%+0.25rem)] right-0 left-0 z-30 max-h-80 overflow-y-auto rounded-xl border border-border bg-card p-1.5 shadow-lift"
        >
          {places.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys work on the input (aria-activedescendant), as the ARIA combobox pattern asks
            <div
              key={`${place.name}|${place.area}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Never focused: the focus stays in the input while the options are highlighted.
              tabIndex={-1}
              // Keep the focus in the box, so the click is not lost to its blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
              onMouseMove={() => {
                if (activeIndex !== index) setActiveIndex(index);
              }}
              className={cn(
                "cursor-pointer truncate rounded-lg px-3 py-2.5 text-sm",
                index === active ? "bg-secondary-hover" : "hover:bg-secondary",
              )}
            >
              {/* One line of inline text, so it reads "Camden, London". */}
              <span className="font-medium text-foreground">{place.name}</span>
              <span className="text-muted-foreground">, {place.area}</span>
            </div>
          ))}
        </div>
        {showNoMatch ? (
          <p className="absolute top-[calc(100%+0.25rem)] right-0 left-0 z-30 rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted-foreground shadow-lift">
            No UK places match “{value.trim()}”.
          </p>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
