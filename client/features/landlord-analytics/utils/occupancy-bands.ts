/**
 * Occupancy bands: labels at 90 / 80 / 70 with 'Under Maintenance' overriding, and colours in five
 * bands cut at 90, 80, 70 and 60. Badge text is a -800/-900 shade on a -50 tint (AA contrast, at least 4.5:1);
 * bar fills are decorative and carry no text.
 */

export type PropertyOccupancyStatus = "active" | "maintenance";

export type OccupancyLabel = "Excellent" | "Good" | "Average" | "Needs Attention" | "Under Maintenance";

export function occupancyLabel(rate: number, status: PropertyOccupancyStatus = "active"): OccupancyLabel {
  if (status === "maintenance") return "Under Maintenance";
  if (rate >= 90) return "Excellent";
  if (rate >= 80) return "Good";
  if (rate >= 70) return "Average";
  return "Needs Attention";
}

/** 0 (lowest, under 60) to 4 (90 or more): which of the five colour bands a rate falls in. */
export function occupancyColourBand(rate: number): 0 | 1 | 2 | 3 | 4 {
  if (rate >= 90) return 4;
  if (rate >= 80) return 3;
  if (rate >= 70) return 2;
  if (rate >= 60) return 1;
  return 0;
}

const BAND_STYLES = [
  { badge: "border-rose-200 bg-rose-50 text-rose-800", bar: "bg-rose-400", text: "text-rose-800" },
  { badge: "border-orange-200 bg-orange-50 text-orange-900", bar: "bg-orange-300", text: "text-orange-900" },
  { badge: "border-amber-200 bg-amber-50 text-amber-900", bar: "bg-amber-300", text: "text-amber-900" },
  { badge: "border-teal-200 bg-teal-50 text-teal-800", bar: "bg-emerald-600/55", text: "text-teal-800" },
  { badge: "border-emerald-200 bg-emerald-50 text-emerald-800", bar: "bg-emerald-700", text: "text-emerald-800" },
] as const;

const MAINTENANCE_STYLE = {
  badge: "border-slate-300 bg-slate-100 text-slate-800",
  bar: "bg-slate-300",
  text: "text-slate-800",
} as const;

/** Tailwind classes for a rate's badge, bar fill and figure; maintenance is grey whatever the rate. */
export function occupancyStyle(rate: number, status: PropertyOccupancyStatus = "active") {
  return status === "maintenance" ? MAINTENANCE_STYLE : BAND_STYLES[occupancyColourBand(rate)];
}

/** Optimize is offered only under 80 percent, and never for a property in maintenance. */
export function canOptimize(rate: number, status: PropertyOccupancyStatus): boolean {
  return status !== "maintenance" && rate < 80;
}
