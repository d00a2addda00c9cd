import { addDays, nightsBetween } from "./calendar-dates";

/**
 * London's yearly limit on short lets of a whole home: at most 90 nights in a calendar year, counting every night
 * of every stay shorter than 90 consecutive nights, by anyone on any channel, unless planning permission is held.
 * Shown as guidance with its source, not as legal advice.
 */
export const LONDON_SHORT_LET_LIMIT = 90;
/** From this many nights the landlord is warned that the limit is near. */
export const LONDON_SHORT_LET_WARNING = 75;
export const LONDON_SHORT_LET_SOURCE =
  "Greater London Council (General Powers) Act 1973, sections 25A and 25B (added by the Deregulation Act 2015, section 44)";

/** The listing facts the limit depends on. */
export type LedgerListing = { region: string; propertyType: string; shortLetPermission: string | null };

/**
 * Whether the limit applies: a whole home (not a room in one) in Greater London (every borough's region is
 * "London") without recorded planning permission.
 */
export function shortLetLimitApplies(listing: LedgerListing): boolean {
  return listing.region === "London" && listing.propertyType !== "room" && !listing.shortLetPermission?.trim();
}

/** A stay counts when it is shorter than 90 consecutive nights; a longer one is not a short let. */
export function stayCounts(checkIn: string, checkOut: string): boolean {
  return nightsBetween(checkIn, checkOut) < LONDON_SHORT_LET_LIMIT;
}

/** The nights of a stay that fall in `year` (a night belongs to the year of its date; check-out is not a night). */
export function nightsInYear(checkIn: string, checkOut: string, year: number): number {
  const start = `${year}-01-01`;
  const end = `${year + 1}-01-01`;
  const from = checkIn > start ? checkIn : start;
  const to = checkOut < end ? checkOut : end;
  return to > from ? nightsBetween(from, to) : 0;
}

/** The calendar years a stay has nights in, in order. */
export function yearsOfStay(checkIn: string, checkOut: string): number[] {
  const first = Number(checkIn.slice(0, 4));
  const last = Number(addDays(checkOut, -1).slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The counted nights a stay adds to each year it touches (none for a stay of 90 nights or more). */
export function countedNightsByYear(checkIn: string, checkOut: string): Map<number, number> {
  const counted = new Map<number, number>();
  if (!stayCounts(checkIn, checkOut)) return counted;
  for (const year of yearsOfStay(checkIn, checkOut)) counted.set(year, nightsInYear(checkIn, checkOut, year));
  return counted;
}

const LIMIT_REASON_START = "Short lets of a whole home in London are limited to";
/** Whether a quote's reason is the yearly limit (a booking refused for it is a conflict, like taken nights). */
export const isShortLetLimitReason = (reason: string) => reason.startsWith(LIMIT_REASON_START);

/**
 * Why a stay cannot be booked: the guest sees how many nights are left, not the landlord's other bookings. Null
 * when every year it touches stays within the limit.
 */
export function overTheLimit(
  checkIn: string,
  checkOut: string,
  usedByYear: ReadonlyMap<number, number>,
): string | null {
  for (const [year, adds] of countedNightsByYear(checkIn, checkOut)) {
    const used = usedByYear.get(year) ?? 0;
    if (used + adds > LONDON_SHORT_LET_LIMIT) {
      const left = Math.max(0, LONDON_SHORT_LET_LIMIT - used);
      return (
        `${LIMIT_REASON_START} ${LONDON_SHORT_LET_LIMIT} nights a year, and this home has ` +
        `${left === 0 ? "no nights" : left === 1 ? "1 night" : `${left} nights`} left in ${year}.`
      );
    }
  }
  return null;
}
