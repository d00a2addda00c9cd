import type { propertyMetrics } from "./schema";
import { addDays, money, weekday } from "./seed-kit";
import type { ListingPlan } from "./seed-listings";
import type { PlannedBooking } from "./seed-stays";

/**
 * Daily metrics for the last 30 days of the first eight active listings with stays, from the stays themselves:
 * bookings made that day, the nightly rate of the night held, and views and inquiries around them.
 */
export function planMetrics({
  today,
  rnd,
  stamp,
  listings,
  stays,
  heldNights,
}: ListingPlan & {
  stays: readonly PlannedBooking[];
  heldNights: ReadonlyMap<string, ReadonlyMap<string, PlannedBooking>>;
}) {
  const metrics: { slug: string; row: Omit<typeof propertyMetrics.$inferInsert, "propertyId"> }[] = [];
  const madeOn = new Map<string, number>();
  for (const b of stays) {
    if (b.status === "cancelled") continue;
    const key = `${b.slug}|${b.createdAt.toISOString().slice(0, 10)}`;
    madeOn.set(key, (madeOn.get(key) ?? 0) + 1);
  }
  const measured = listings.filter((p) => p.isActive !== false && heldNights.has(p.slug)).slice(0, 8);
  for (const p of measured) {
    const held = heldNights.get(p.slug) ?? new Map<string, PlannedBooking>();
    for (let k = 30; k >= 1; k--) {
      const date = addDays(today, -k);
      const stay = held.get(date);
      const made = madeOn.get(`${p.slug}|${date}`) ?? 0;
      const weekend = [0, 5, 6].includes(weekday(date));
      const views =
        rnd.int(18, 70) + (weekend ? rnd.int(10, 30) : 0) + made * rnd.int(8, 20) + (p.nightly > 600 ? 15 : 0);
      metrics.push({
        slug: p.slug,
        row: {
          date,
          views,
          inquiries: Math.round(views * (0.02 + rnd.next() * 0.05)) + made,
          bookings: made,
          revenue: money(stay ? stay.pricePerNight : 0),
          occupancyRate: money(stay ? 100 : 0),
          avgDailyRate: money(stay ? stay.pricePerNight : 0),
          createdAt: stamp(addDays(date, 1), 2 * 60),
        },
      });
    }
  }
  return metrics;
}
