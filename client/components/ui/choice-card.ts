/** A choice drawn as a card (a contractor, a stage of the work, a check made): the label holds the box and its words. */
export const CHOICE_CARD =
  "flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-ivory px-3.5 py-3 text-sm has-checked:border-foreground/40 has-checked:bg-brass-100/60";
export const CHOICE_INPUT =
  "mt-0.5 size-4 shrink-0 cursor-pointer accent-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
