import { addDays } from "./seed-kit";
import type { ListingPlan } from "./seed-listings";
import { BOOKING_GUESTS } from "./seed-stays";

/** Listings guests have saved: the demo guest's own six, then a few dozen of other guests'. */
export function planSavedListings({ today, rnd, stamp, listings }: ListingPlan) {
  const saved: { userKey: string; slug: string; createdAt: Date }[] = [
    ["kensington-elegant-home", 120],
    ["mayfair-penthouse-with-roof-terrace", 64],
    ["notting-hill-pastel-mews", 33],
    ["greenwich-park-georgian-flat", 58],
    ["bath-royal-crescent-apartment", 12],
    ["edinburgh-new-town-georgian-flat", 4],
  ].map(([slug, daysAgo]) => ({
    userKey: "guest",
    slug: slug as string,
    createdAt: stamp(addDays(today, -(daysAgo as number)), 20 * 60),
  }));
  const savedKeys = new Set(saved.map((s) => `${s.userKey}|${s.slug}`));
  for (let i = 0; i < 30; i++) {
    const userKey = rnd.pick(BOOKING_GUESTS);
    const slug = rnd.pick(listings).slug;
    if (savedKeys.has(`${userKey}|${slug}`)) continue;
    savedKeys.add(`${userKey}|${slug}`);
    saved.push({ userKey, slug, createdAt: stamp(addDays(today, -rnd.int(1, 200)), rnd.int(7 * 60, 23 * 60)) });
  }
  return saved;
}
