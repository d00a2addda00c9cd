import { HOLD_LIMITS } from "../../common/domain/booking-status";
import { GUESTS } from "./seed-data/people";
import { addDays, daysBetween, type Random } from "./seed-kit";
import type { ListingPlan, PlannedProperty } from "./seed-listings";

/**
 * The demo's stays: the demo guest's own first, then each listing booked from the day it opened to four months
 * ahead by guests who are each in one place at a time. The demo landlord's listings are the busiest, so their
 * analytics have something to show.
 */

const SERVICE_FEE_RATE = 0.1;

export type PlannedBooking = {
  slug: string;
  guestKey: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  pricePerNight: number;
  totalPrice: number;
  status: "pending" | "confirmed" | "completed" | "cancelled";
  guestCount: number;
  createdAt: Date;
};

/** The guests who book the demo's stays and save its listings: verified, and not the demo guest, planned apart. */
export const BOOKING_GUESTS = GUESTS.filter((g) => g.emailVerified && g.key !== "guest").map((g) => g.key);

export function planStays({ today, rnd, stamp, listings }: ListingPlan) {
  const bySlug = new Map(listings.map((p) => [p.slug, p]));
  const guestStays = new Map<string, [string, string][]>();
  // A guest is in one place at a time.
  const guestIsFree = (key: string, checkIn: string, checkOut: string) =>
    !(guestStays.get(key) ?? []).some(([a, b]) => checkIn < b && a < checkOut);
  const plannedBookings: PlannedBooking[] = [];
  const makeBooking = (
    p: PlannedProperty,
    guestKey: string,
    checkIn: string,
    nights: number,
    status: PlannedBooking["status"],
    guestCount: number,
    leadDays: number,
  ): PlannedBooking => {
    const checkOut = addDays(checkIn, nights);
    const subtotal = nights * p.nightly;
    // Booked `leadDays` before arrival, but never before the listing existed nor after today.
    let created = addDays(checkIn, -leadDays);
    if (created < p.createdDay) created = p.createdDay;
    if (created > today) created = today;
    const booking: PlannedBooking = {
      slug: p.slug,
      guestKey,
      checkIn,
      checkOut,
      nights,
      pricePerNight: p.nightly,
      totalPrice: subtotal + Math.round(subtotal * SERVICE_FEE_RATE),
      status,
      guestCount: Math.max(1, Math.min(guestCount, p.maxGuests)),
      createdAt: stamp(created, 6 * 60 + rnd.int(0, 900)),
    };
    if (status !== "cancelled") {
      const stays = guestStays.get(guestKey) ?? [];
      stays.push([checkIn, checkOut]);
      guestStays.set(guestKey, stays);
    }
    return booking;
  };

  // The demo guest's own stays come first, so the random ones fit around them.
  const demoGuestStays: [
    slug: string,
    offset: number,
    nights: number,
    status: PlannedBooking["status"],
    guests: number,
  ][] = [
    ["westminster-luxury-flat", -212, 3, "completed", 2],
    ["kensington-elegant-home", -96, 4, "completed", 4],
    ["greenwich-park-georgian-flat", -41, 2, "completed", 2],
    // Staying now, in a flat manager@ looks after: the demo guest can report a problem from My Bookings.
    ["bermondsey-street-apartment", -1, 4, "confirmed", 2],
    ["westminster-luxury-flat", 19, 5, "confirmed", 2],
    ["camden-modern-studio", 52, 3, "pending", 2],
    ["bath-royal-crescent-apartment", 74, 2, "cancelled", 2],
    ["notting-hill-pastel-mews", 98, 4, "pending", 3],
  ];
  const fixed = new Map<string, PlannedBooking[]>();
  for (const [slug, offset, nights, status, count] of demoGuestStays) {
    const p = bySlug.get(slug);
    if (!p) throw new Error(`seed data: unknown listing ${slug}`);
    const b = makeBooking(
      p,
      "guest",
      addDays(today, offset),
      nights,
      status,
      count,
      offset < 0 ? 30 : Math.min(25, offset + 20),
    );
    fixed.set(slug, [...(fixed.get(slug) ?? []), b]);
    plannedBookings.push(b);
  }

  // The demo landlord's listings are planned first, so they are the busiest and their analytics
  // have something to show; with ~24 guests who are each in one place at a time, others get fewer.
  const planningOrder = [
    ...listings.filter((p) => p.owner === "james"),
    ...listings.filter((p) => p.owner !== "james"),
  ];
  for (const p of planningOrder) {
    const pinned = (fixed.get(p.slug) ?? []).filter((b) => b.status !== "cancelled");
    // A few listings have had no bookings yet; the demo landlord's always have some.
    if (p.owner !== "james" && rnd.chance(0.1)) continue;
    let cursor = p.createdDay > addDays(today, -300) ? addDays(p.createdDay, 3) : addDays(today, -300);
    if (p.availableFrom > cursor) cursor = p.availableFrom;
    cursor = addDays(cursor, rnd.int(0, 12));
    let end = addDays(today, 120);
    if (p.isActive === false) end = addDays(today, -30);
    if (p.underMaintenance) end = addDays(today, -10);
    // Dearer listings are booked less often.
    const busy = p.owner === "james";
    const maxGap = Math.ceil((p.nightly > 900 ? 12 : p.nightly > 400 ? 7 : 5) / (busy ? 2 : 1));
    const spread = busy ? 90 : 50;
    while (cursor < end) {
      const roll = rnd.next();
      const nights = roll < 0.25 ? rnd.int(1, 3) : roll < 0.65 ? rnd.int(4, 7) : rnd.int(8, 14);
      const checkIn = cursor;
      const checkOut = addDays(checkIn, nights);
      if (checkOut > end) break;
      const clash = pinned.find((b) => checkIn < b.checkOut && b.checkIn < checkOut);
      if (clash) {
        cursor = addDays(clash.checkOut, rnd.int(0, 3));
        continue;
      }
      let status: PlannedBooking["status"];
      if (checkOut <= today) status = rnd.chance(0.07) ? "cancelled" : "completed";
      else if (checkIn <= today) status = "confirmed";
      else {
        const s = rnd.next();
        status = s < 0.62 ? "confirmed" : s < 0.9 ? "pending" : "cancelled";
      }
      const guestKey = pickGuest(rnd, BOOKING_GUESTS, (k) => guestIsFree(k, checkIn, checkOut));
      if (guestKey) {
        const count = 1 + Math.floor(rnd.next() ** 1.6 * p.maxGuests);
        plannedBookings.push(makeBooking(p, guestKey, checkIn, nights, status, count, rnd.int(3, 70)));
      }
      // Busiest around today: demand has grown over the year, and fewer stays are booked far ahead.
      const distance = Math.abs(daysBetween(today, checkOut));
      cursor = addDays(checkOut, rnd.chance(0.22) ? 0 : Math.round(rnd.int(1, maxGap) * (1 + distance / spread)));
    }
  }
  // Ids in the order the stays were booked; ties broken without locale rules, for the same order everywhere.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  plannedBookings.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || order(a.slug, b.slug) || order(a.checkIn, b.checkIn),
  );

  // Nights held per listing (cancelled stays release theirs).
  const heldNights = new Map<string, Map<string, PlannedBooking>>();
  for (const b of plannedBookings) {
    if (b.status === "cancelled") continue;
    const nights = heldNights.get(b.slug) ?? new Map<string, PlannedBooking>();
    for (let d = b.checkIn; d < b.checkOut; d = addDays(d, 1)) nights.set(d, b);
    heldNights.set(b.slug, nights);
  }
  return { plannedBookings, heldNights };
}

function pickGuest(rnd: Random, keys: string[], ok: (key: string) => boolean): string | undefined {
  for (let i = 0; i < 30; i++) {
    const key = rnd.pick(keys);
    if (ok(key)) return key;
  }
  return undefined;
}

/** A seeded request: made a few hours ago (at the planned time of day), held for 48 hours from then. */
export function pendingRequestTimes(planned: Date): { createdAt: Date; holdExpiresAt: Date } {
  const hoursAgo = 2 + (planned.getUTCMinutes() % 20);
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
  return { createdAt, holdExpiresAt: new Date(createdAt.getTime() + HOLD_LIMITS.requestHours * 3_600_000) };
}

/** A seeded cancellation: the guest's own, a day or two after booking, refunded in full. */
export function guestCancellation(bookedAt: Date, total: string) {
  const later = Math.min(bookedAt.getTime() + 36 * 3_600_000, Date.now() - 3_600_000);
  const cancelledAt = new Date(Math.max(bookedAt.getTime(), later));
  return { cancelledBy: "guest", cancelledAt, refundAmount: total };
}
