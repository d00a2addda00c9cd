/**
 * What every part of the demo plan shares: calendar days as strings, the seeded random numbers that make each run
 * produce the same data, and the clock that stamps rows on a day. The parts draw from one random sequence in a fixed
 * order (seed.ts keeps it), so a part that drew one number more or less would change every row planned after it.
 */

// ---------------------------------------------------------------------------------------------
// Calendar days as 'YYYY-MM-DD' strings, always in UTC
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
export const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
// The plan walks thousands of nights: remember conversions rather than parse dates each time.
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();
const dayNumber = (day: string) => {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(toMs(day) / DAY_MS);
    dayNumbers.set(day, n);
  }
  return n;
};
const dayString = (n: number) => {
  let day = dayStrings.get(n);
  if (day === undefined) {
    day = new Date(n * DAY_MS).toISOString().slice(0, 10);
    dayStrings.set(n, day);
  }
  return day;
};
export const addDays = (day: string, n: number) => dayString(dayNumber(day) + n);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export const weekday = (day: string) => (((dayNumber(day) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday

// ---------------------------------------------------------------------------------------------
// A seeded PRNG (mulberry32), so every run produces the same data
// ---------------------------------------------------------------------------------------------

export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

export const money = (pounds: number) => pounds.toFixed(2);
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/** A timestamp on a day at a minute of the day; never later than the start of `today`, the seed's clock. */
export type Stamp = (day: string, minuteOfDay: number) => Date;

export const stampUpTo =
  (today: string): Stamp =>
  (day, minuteOfDay) =>
    new Date(Math.min(toMs(day) + minuteOfDay * 60_000, toMs(today)));
