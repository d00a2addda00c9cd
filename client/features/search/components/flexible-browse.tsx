import { FLEX_KINDS, FLEX_LABELS, type FlexKind, flexMonthsProblem } from "@common/domain/flex-kinds";
import { CalendarDays } from "lucide-react";
import type { SetPageSearch } from "@/lib/page-search";
import { applyFlexible, DEFAULT_FLEX_KIND, type FlexibleChoice } from "../utils/flexible-search";
import { DatesModeControl } from "./dates-mode-control";

/** The flexible choice in a query string, or null when it has none (exact dates, or no dates). */
export function readFlexible(params: URLSearchParams): FlexibleChoice | null {
  const flex = params.get("flex");
  if (!flex || !(FLEX_KINDS as readonly string[]).includes(flex)) return null;
  const months = (params.get("months") ?? "").split(",").filter(Boolean);
  return { flex: flex as FlexKind, months };
}

/** The choice when the server would take it (a kind and 1 to 3 acceptable months), else null. */
export function usableFlexible(choice: FlexibleChoice | null, today: string): FlexibleChoice | null {
  return choice && flexMonthsProblem(choice.months, today) === null ? choice : null;
}

/** Writes the flexible choice into the URL (null: back to exact dates), leaving every other filter as it is. */
export function setFlexible(setSearchParams: SetPageSearch, choice: FlexibleChoice | null) {
  setSearchParams((previous) => applyFlexible(previous, choice));
}

/** The browse page's "Dates" choice; the URL holds it (flex, months). */
export function FlexibleToggle({
  choice,
  setSearchParams,
}: {
  choice: FlexibleChoice | null;
  setSearchParams: SetPageSearch;
}) {
  return (
    <DatesModeControl
      value={choice ? "flexible" : "exact"}
      onChange={(mode) =>
        setFlexible(setSearchParams, mode === "flexible" ? { flex: DEFAULT_FLEX_KIND, months: [] } : null)
      }
    />
  );
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** "A week in June 2027 or July 2027 · each place shows its first free one" under the page title. */
export function FlexibleSummary({ choice }: { choice: FlexibleChoice }) {
  if (choice.months.length === 0) return null;
  const months = [...choice.months].sort().map(monthName);
  return (
    <p className="mt-4 inline-flex items-start gap-2 rounded-2xl bg-card px-4 py-2.5 text-sm shadow-soft">
      <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
      <span>
        Flexible: <strong className="font-semibold">{FLEX_LABELS[choice.flex]}</strong> in{" "}
        <strong className="font-semibold">{months.join(" or ")}</strong>
        <span className="text-muted-foreground"> · each place shows its first free dates</span>
      </span>
    </p>
  );
}
