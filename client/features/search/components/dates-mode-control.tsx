import { type ComponentProps, lazy, Suspense } from "react";

export type DatesMode = "exact" | "flexible";

/**
 * The flexible-dates pieces load after first paint (decision 013): the server draws them in place, and most
 * searches never use them, so the home and browse pages' first download does not carry them.
 */
const load = () => import("./flexible-dates-fields");
const Toggle = lazy(() => load().then((m) => ({ default: m.DatesModeControl })));
const Fields = lazy(load);

/**
 * "Exact dates" or "Flexible". Until its code arrives (a page updated before it finished hydrating shows the
 * fallback) the row keeps the control's height, so the fields and results below do not jump under a finger.
 */
export function DatesModeControl(props: ComponentProps<typeof Toggle>) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-[46px]" />}>
      <Toggle {...props} />
    </Suspense>
  );
}

/** A weekend, a week or a month, and up to three months. */
export function FlexibleDatesFields(props: ComponentProps<typeof Fields>) {
  return (
    <Suspense fallback={null}>
      <Fields {...props} />
    </Suspense>
  );
}
