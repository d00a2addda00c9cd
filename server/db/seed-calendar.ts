import type { pricingRules } from "./schema";
import { BLOCKED_NOTES } from "./seed-data/reviews";
import { addDays, money } from "./seed-kit";
import type { ListingPlan } from "./seed-listings";
import type { PlannedBooking } from "./seed-stays";

/** Pricing rules (weekend premium, Christmas, long-stay discount) on about a fifth of the listings that take bookings. */
export function planPricingRules({ today, stamp, listings }: Pick<ListingPlan, "today" | "stamp" | "listings">) {
  const md = today.slice(5);
  const season = Number(today.slice(0, 4)) - (md <= "01-02" ? 1 : 0);
  const pricing: { slug: string; row: Omit<typeof pricingRules.$inferInsert, "propertyId"> }[] = [];
  const priced = listings
    .filter((p) => p.isActive !== false && !p.underMaintenance)
    .filter((_, i) => i % 5 === 0 || i < 3);
  priced.forEach((p, i) => {
    const createdAt = stamp(addDays(p.createdDay, 2), 11 * 60);
    if (i % 3 !== 2) {
      pricing.push({
        slug: p.slug,
        row: { name: "Weekend premium", daysOfWeek: [5, 6], priceModifier: "15.00", priority: 1, createdAt },
      });
    }
    if (i % 2 === 0) {
      pricing.push({
        slug: p.slug,
        row: {
          name: "Christmas and New Year",
          startDate: `${season}-12-20`,
          endDate: `${season + 1}-01-02`,
          fixedPrice: money(Math.round((p.nightly * 1.5) / 5) * 5),
          minStayLength: 3,
          priority: 10,
          createdAt,
        },
      });
    }
    if (i % 3 !== 1) {
      pricing.push({
        slug: p.slug,
        row: { name: "Long-stay discount", minStayLength: 28, priceModifier: "-10.00", priority: 5, createdAt },
      });
    }
  });
  return pricing;
}

/**
 * Nights the landlords have blocked, on nights nobody holds: a fortnight's refit of the listing under maintenance,
 * and a short run on every seventh listing that takes bookings.
 */
export function planBlockedDates({
  today,
  rnd,
  listings,
  heldNights,
}: Omit<ListingPlan, "stamp"> & {
  heldNights: ReadonlyMap<string, ReadonlyMap<string, PlannedBooking>>;
}) {
  const blocked: { slug: string; date: string; notes: string }[] = [];
  const maintenance = listings.find((p) => p.underMaintenance);
  if (maintenance) {
    for (let d = 0; d < 14; d++)
      blocked.push({ slug: maintenance.slug, date: addDays(today, d), notes: "Bathroom refit" });
  }
  for (const p of listings.filter((x) => x.isActive !== false && !x.underMaintenance).filter((_, i) => i % 7 === 1)) {
    const held = heldNights.get(p.slug) ?? new Map();
    let start = addDays(today, rnd.int(5, 40));
    for (let tries = 0; tries < 120; tries++, start = addDays(start, 1)) {
      const len = 2 + (tries % 3);
      const run = Array.from({ length: len }, (_, k) => addDays(start, k));
      if (run.every((d) => !held.has(d))) {
        const notes = rnd.pick(BLOCKED_NOTES);
        for (const date of run) blocked.push({ slug: p.slug, date, notes });
        break;
      }
    }
  }
  return blocked;
}
