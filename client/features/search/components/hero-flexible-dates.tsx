import { useState } from "react";
import { DEFAULT_FLEX_KIND, type FlexibleChoice, flexibleResultsUrl } from "../utils/flexible-search";
import { type DatesMode, DatesModeControl, FlexibleDatesFields } from "./dates-mode-control";

const NO_MONTH = "Choose at least one month.";

/** The hero's flexible-dates state: whether it is on, the choice, and what submitting it leads to. */
export function useHeroFlexible() {
  const [mode, setMode] = useState<DatesMode>("exact");
  const [choice, setChoice] = useState<FlexibleChoice>({ flex: DEFAULT_FLEX_KIND, months: [] });
  const [error, setError] = useState<string | null>(null);
  return {
    on: mode === "flexible",
    mode,
    setMode,
    choice,
    error,
    setChoice(next: FlexibleChoice) {
      setChoice(next);
      if (next.months.length > 0) setError(null);
    },
    /** The results URL, or null (and the months' error said) when something required is missing. */
    submit(where: string, whereMissing: boolean): string | null {
      const noMonth = choice.months.length === 0;
      setError(noMonth ? NO_MONTH : null);
      return whereMissing || noMonth ? null : flexibleResultsUrl(where, choice);
    },
  };
}

type HeroFlexible = ReturnType<typeof useHeroFlexible>;

export function HeroDatesMode({ state, className }: { state: HeroFlexible; className?: string }) {
  return <DatesModeControl value={state.mode} onChange={state.setMode} className={className} />;
}

/** The kind of stay and the months, in the place of the two date fields while "Flexible" is chosen. */
export function HeroFlexibleDates({
  id,
  today,
  state,
  className,
}: {
  id: string;
  today: string;
  state: HeroFlexible;
  className?: string;
}) {
  if (!state.on) return null;
  return (
    <FlexibleDatesFields
      id={`${id}-flex`}
      value={state.choice}
      today={today}
      onChange={state.setChoice}
      error={state.error}
      className={className}
    />
  );
}
