import type { FlexKind } from "@common/domain/flex-kinds";

/** A flexible-date search as the URL carries it: ?flex=week&months=2027-06,2027-07. */
export type FlexibleChoice = { flex: FlexKind; months: string[] };

export const DEFAULT_FLEX_KIND: FlexKind = "weekend";

/** Writes flex and months (or removes them for null) and leaves every other parameter alone. */
export function applyFlexible(params: URLSearchParams, choice: FlexibleChoice | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("flex");
  next.delete("months");
  if (choice) {
    next.set("flex", choice.flex);
    if (choice.months.length > 0) next.set("months", [...choice.months].sort().join(","));
  }
  return next;
}

/** /properties?city=<where>&flex=…&months=…: the hero's flexible search. */
export function flexibleResultsUrl(where: string, choice: FlexibleChoice): string {
  return `/properties?${applyFlexible(new URLSearchParams({ city: where.trim() }), choice)}`;
}
