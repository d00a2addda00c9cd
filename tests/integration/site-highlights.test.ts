import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { ZSiteHighlights } from "../../common/schemas/site-highlights";
import { reviews } from "../../server/db/schema";
import { SiteHighlightsService } from "../../server/services/site-highlights.service";
import { createBooking, createProperty, createUser } from "../factories";
import { setUpTestApp } from "../support/test-context";

/**
 * The host pitch's figures and the testimonials come from the data: occupancy and rating only over a sample large
 * enough to mean something, testimonials only from real public reviews, and none of them when there is nothing.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const today = londonToday();
const fresh = () => new SiteHighlightsService(t.db).highlights();
const listedDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
let stays = 0;

async function review(
  propertyId: number,
  rating: number,
  comment: string,
  guest?: { firstName: string; lastName: string },
) {
  const person = await createUser(t.db, guest ?? {});
  // Each stay three nights after the one before, so stays of one listing never overlap.
  stays += 1;
  const booking = await createBooking(t.db, {
    propertyId,
    guestId: person.id,
    checkIn: addDays(today, -400 + stays * 3),
    checkOut: addDays(today, -397 + stays * 3),
    status: "completed",
  });
  await t.db.insert(reviews).values({ propertyId, bookingId: booking.id, guestId: person.id, rating, comment });
}

describe("the platform's highlights", () => {
  it("claims nothing on an empty platform", async () => {
    expect(await fresh()).toEqual({
      hosting: { activeListings: 0, occupancy: null, rating: null },
      testimonials: [],
    });
  });

  it("gives no occupancy or rating below the minimum sample, and none from listings no longer active", async () => {
    const few = await Promise.all([1, 2, 3].map(() => createProperty(t.db, { createdAt: listedDaysAgo(120) })));
    await createBooking(t.db, {
      propertyId: few[0]?.id ?? 0,
      checkIn: addDays(today, -30),
      checkOut: addDays(today, -20),
      status: "confirmed",
    });
    for (let i = 0; i < 19; i++) await review(few[1]?.id ?? 0, 5, "short");
    const inactive = await createProperty(t.db, { isActive: false, createdAt: listedDaysAgo(120) });
    await review(inactive.id, 5, "A wonderful flat with a view over the canal and a very kind host.");
    const highlights = await fresh();
    expect(highlights.hosting).toEqual({ activeListings: 3, occupancy: null, rating: null });
    expect(highlights.testimonials).toEqual([]);
  });

  it("computes occupancy and rating once the sample is large enough, and quotes real reviews", async () => {
    // Ten more listings open for the whole 90 days: 13 listings, 13 × 90 open nights.
    const listings = await Promise.all(
      Array.from({ length: 10 }, () => createProperty(t.db, { createdAt: listedDaysAgo(120), city: "Islington" })),
    );
    // Booked nights before today: 10 from before, 60 and 40 now, so 110 of 1,170 open: 9%.
    await createBooking(t.db, {
      propertyId: listings[0]?.id ?? 0,
      checkIn: addDays(today, -60),
      checkOut: addDays(today, 7),
      status: "completed",
    });
    await createBooking(t.db, {
      propertyId: listings[1]?.id ?? 0,
      checkIn: addDays(today, -40),
      checkOut: addDays(today, -0),
      status: "confirmed",
    });
    // A cancelled stay fills no night.
    await createBooking(t.db, {
      propertyId: listings[2]?.id ?? 0,
      checkIn: addDays(today, -80),
      checkOut: addDays(today, -10),
      status: "cancelled",
    });
    await review(
      listings[3]?.id ?? 0,
      4,
      "Quiet street, spotless flat and the host answered every question within minutes.",
      {
        firstName: "Priya",
        lastName: "Shah",
      },
    );
    await review(
      listings[4]?.id ?? 0,
      3,
      "Fine for a few nights, though the kitchen was smaller than the photos suggested.",
    );

    const highlights = await fresh();
    expect(highlights.hosting.activeListings).toBe(13);
    expect(highlights.hosting.occupancy).toEqual({ percent: 9, listings: 13, nights: 1170, days: 90 });
    // 19 fives, a four and a three: 21 public reviews of active listings, averaging 4.86.
    expect(highlights.hosting.rating).toEqual({ average: 4.9, reviews: 21 });
    expect(highlights.testimonials).toEqual([
      {
        id: expect.any(Number),
        rating: 4,
        title: null,
        comment: "Quiet street, spotless flat and the host answered every question within minutes.",
        guestName: "Priya S.",
        stayedIn: expect.stringMatching(/^\d{4}-\d{2}$/),
        city: "Islington",
      },
    ]);
  });

  it("answers the same through GET /api/site/highlights, to anyone", async () => {
    const response = await fetch(`${server.baseUrl}/api/site/highlights`);
    expect(response.status).toBe(200);
    const body = ZSiteHighlights.parse(await response.json());
    expect(body.hosting.activeListings).toBe(13);
    expect(body.testimonials).toHaveLength(1);
  });
});
