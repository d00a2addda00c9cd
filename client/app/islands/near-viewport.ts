/**
 * Islands below the fold on a phone (the home page's featured homes and budget search, the listing's price card, host
 * and reviews) hydrate only when the visitor comes near them: their code is not part of the page's first download,
 * and their hydration is not part of the page's first seconds of work. Until then they are the server's HTML, whose
 * links already work.
 */

import type { IslandLoader, IslandPlan } from "./registry";

/**
 * An island below the fold on a phone: hydrated when it comes near the screen, its code fetched then, or earlier
 * when `orWhen` calls back (something above it changed what it must show). `orWhen` returns how to stop listening.
 */
export const nearViewport = (
  load: IslandLoader,
  { readsData = true, orWhen }: { readsData?: boolean; orWhen?: (wanted: () => void) => () => void } = {},
): IslandPlan => ({
  load,
  readsData: () => readsData,
  later: {
    whenWanted: orWhen
      ? (island, start) => {
          let stops: (() => void)[] = [];
          let started = false;
          const once = () => {
            if (started) return;
            started = true;
            for (const stop of stops) stop();
            start();
          };
          stops = [whenNearViewport(island, once), orWhen(once)];
          // One of them may have come at once, while the other was being set up: that one is no longer wanted.
          if (started) for (const stop of stops) stop();
        }
      : whenNearViewport,
    recordEarlyInput,
  },
});

/** How far below the screen a part starts loading: a quarter of a screen, so a scroll usually finds it live. */
const NEAR = "0px 0px 25% 0px";
/** A visitor reaching into the part by pointer or keyboard wants it now, wherever it is. */
const REACHING_IN = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Calls `start` once, when `island` comes near the screen or the visitor reaches into it. Returns how to stop
 * watching without starting.
 */
export function whenNearViewport(island: HTMLElement, start: () => unknown): () => void {
  // The island's own element has no box (`display: contents`): what it holds is what can be seen.
  const boxes = [...island.children];
  if (boxes.length === 0 || typeof IntersectionObserver === "undefined") {
    start();
    return () => {};
  }
  let started = false;
  const stop = () => {
    observer.disconnect();
    for (const type of REACHING_IN) island.removeEventListener(type, go, true);
  };
  const go = () => {
    if (started) return;
    started = true;
    stop();
    start();
  };
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && go(), {
    rootMargin: NEAR,
  });
  for (const box of boxes) observer.observe(box);
  for (const type of REACHING_IN) island.addEventListener(type, go, { capture: true, passive: true });
  return stop;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What the visitor does to an island's HTML in the moment before its code has arrived: the buttons pressed and the
 * fields changed. Hydration keeps the HTML as it is, so a typed value stays on screen, but the island's state starts
 * from what the server drew, and a press had nothing to answer it. `replay` hands both to the island once it is live,
 * so nothing the visitor did is lost. Presses of a form's submit button are left alone: the form goes to its address
 * as a plain form.
 */
export function recordEarlyInput(island: HTMLElement): { stop: () => void; replay: () => void } {
  const pressed: HTMLElement[] = [];
  const changed = new Set<Field>();
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("button, [role='button']");
    if (!button || !island.contains(button)) return;
    if (button instanceof HTMLButtonElement && button.type !== "button") return;
    // The press is the button's, answered once the island is live: a card's link around a save heart must not
    // take the visitor away meanwhile.
    event.preventDefault();
    pressed.push(button);
  };
  const onChange = (event: Event) => {
    const field = event.target;
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      changed.add(field);
    }
  };
  island.addEventListener("click", onClick, true);
  island.addEventListener("input", onChange, true);
  island.addEventListener("change", onChange, true);
  const stop = () => {
    island.removeEventListener("click", onClick, true);
    island.removeEventListener("input", onChange, true);
    island.removeEventListener("change", onChange, true);
  };
  return {
    stop,
    replay: () => {
      for (const field of changed) if (field.isConnected) replayChange(field);
      for (const button of pressed) if (button.isConnected) button.click();
    },
  };
}

/**
 * Tells the island a field changed before it was live. React compares a field's value with the one it last saw and
 * calls a change handler only when they differ; since it first saw the field after the visitor's change, the drawn
 * value is put back where React sees it, and the visitor's value set again as the browser sets it, then announced
 * as the browser would.
 */
function replayChange(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    const checked = field.checked;
    field.checked = !checked;
    // A click sets it back, with the click, input and change events a visitor's own click sends.
    field.click();
    return;
  }
  const typed = field.value;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
