import type { reviews } from "./schema";
import { HOST_RESPONSES, REVIEW_TEXT } from "./seed-data/reviews";
import { addDays, fill } from "./seed-kit";
import type { ListingPlan, PlannedProperty } from "./seed-listings";
import type { PlannedBooking } from "./seed-stays";

/**
 * Reviews of completed stays: about three in four guests leave one a few days after checking out (the demo guest
 * always reviews Kensington), and hosts answer most of the lukewarm ones and some of the rest.
 */
export function planReviews({
  today,
  rnd,
  stamp,
  listings,
  stays,
  firstNames,
}: ListingPlan & {
  stays: readonly PlannedBooking[];
  firstNames: ReadonlyMap<string, string>;
}) {
  const bySlug = new Map(listings.map((p) => [p.slug, p]));
  const reviewPlans: { booking: PlannedBooking; row: Omit<typeof reviews.$inferInsert, "propertyId" | "guestId"> }[] =
    [];
  const textCursor = { 3: 0, 4: 0, 5: 0 };
  for (const b of stays) {
    if (b.status !== "completed") continue;
    if (!(b.guestKey === "guest" && b.slug === "kensington-elegant-home") && !rnd.chance(0.75)) continue;
    const r = rnd.next();
    const rating = (r < 0.58 ? 5 : r < 0.9 ? 4 : 3) as 3 | 4 | 5;
    const sub = () => Math.max(2, Math.min(5, rating + (rnd.chance(0.2) ? -1 : rnd.chance(0.18) ? 1 : 0)));
    const p = bySlug.get(b.slug) as PlannedProperty;
    const text = REVIEW_TEXT[rating];
    const n = textCursor[rating]++;
    const values = {
      area: p.area ?? p.city,
      host: firstNames.get(p.owner) ?? "the host",
      guest: firstNames.get(b.guestKey) ?? "",
    };
    const createdDay = addDays(b.checkOut, rnd.int(1, 6));
    if (createdDay >= today) continue;
    const respond = rating === 3 ? rnd.chance(0.8) : rnd.chance(0.35);
    const responseDay = addDays(createdDay, rnd.int(1, 3));
    const canRespond = respond && responseDay < today;
    const responses = rating === 3 ? HOST_RESPONSES.sorry : HOST_RESPONSES.happy;
    reviewPlans.push({
      booking: b,
      row: {
        rating,
        cleanliness: sub(),
        accuracy: sub(),
        communication: sub(),
        location: Math.max(4, sub()),
        value: sub(),
        title: text.titles[(n * 3 + rnd.int(0, 2)) % text.titles.length] as string,
        comment: fill(text.comments[(n + rnd.int(0, 1)) % text.comments.length] as string, values),
        hostResponse: canRespond ? fill(rnd.pick(responses), values) : null,
        hostResponseDate: canRespond ? stamp(responseDay, 9 * 60 + rnd.int(0, 600)) : null,
        isPublic: true,
        createdAt: stamp(createdDay, 18 * 60 + rnd.int(0, 240)),
      },
    });
  }
  return reviewPlans;
}
