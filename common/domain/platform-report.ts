import type { PropertyType } from "./property-options";

/**
 * HMRC's yearly report of what sellers earned through the platform (the UK's Reporting Rules for Digital Platforms,
 * the OECD model rules). The rules began on 1 January 2024, so 2024 is the first year there is to report; a year's
 * report is due by 31 January of the year after. The schema's own words are in docs/decisions/029-hmrc-platform-report.md.
 */
export const FIRST_REPORT_YEAR = 2024;

/** The last day to send a year's report: 31 January of the next year ('YYYY-MM-DD'). */
export function reportDueBy(year: number): string {
  return `${year + 1}-01-31`;
}

/** Every year there may be a report for, newest first: 2024 up to the current London year. */
export function reportYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = currentYear; year >= FIRST_REPORT_YEAR; year -= 1) years.push(year);
  return years;
}

/** Why a year cannot be reported on, or null when it can. */
export function reportYearProblem(year: number, currentYear: number): string | null {
  if (!Number.isInteger(year) || year < FIRST_REPORT_YEAR || year > currentYear) {
    return `The year must be between ${FIRST_REPORT_YEAR} and ${currentYear}: HMRC's platform reporting began in ${FIRST_REPORT_YEAR}.`;
  }
  return null;
}

/**
 * The schema's property types (DPI901 to DPI910) for ours. A flat, a studio and an apartment are HMRC's
 * "Apartment"; a room in a home has no type of its own there, so it is "Other" with our word for it.
 */
export const DPI_PROPERTY_TYPE: Record<PropertyType, { code: string; other?: string }> = {
  flat: { code: "DPI905" },
  apartment: { code: "DPI905" },
  studio: { code: "DPI905" },
  house: { code: "DPI904" },
  room: { code: "DPI910", other: "Room in a home" },
};

export const QUARTERS = [1, 2, 3, 4] as const;
