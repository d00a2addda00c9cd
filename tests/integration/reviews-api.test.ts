import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { properties, reviews, type users } from "../../server/db/schema";
import { seedDemoData } from "../../server/db/seed";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

/** A signed-in user (e-mail and phone verified unless `fields` say otherwise) and a client carrying the session. */
async function signedIn(fields: Partial<typeof users.$inferInsert> = {}) {
  const { client: c, user } = await signedInUser(t.db, server.baseUrl, fields);
  return { c, user };
}

const signedInLandlord = () => signedIn({ role: "landlord", isApproved: true });

/** Stays of one property must not overlap (the exclusion constraint), so each gets weeks of its own. */
let stayCursor = 0;
async function stay(
  guestId: number,
  propertyId: number,
  status: "pending" | "confirmed" | "completed" | "cancelled" = "completed",
) {
  const past = status === "completed" || status === "cancelled";
  const checkIn = addDays(londonToday(), past ? -400 + 5 * ++stayCursor : 30 + 5 * ++stayCursor);
  return createBooking(t.db, { propertyId, guestId, checkIn, checkOut: addDays(checkIn, 3), status });
}

const stars = (rating: number, sub: Partial<Record<string, number>> = {}) => ({
  rating,
  cleanliness: rating,
  accuracy: rating,
  communication: rating,
  location: rating,
  value: rating,
  ...sub,
});
const body = (bookingId: number, rating = 5, extra: Record<string, unknown> = {}) => ({
  bookingId,
  ...stars(rating),
  title: "A calm base in Camden",
  comment: "Spotless flat, quick replies, and a short walk to the Tube.",
  ...extra,
});

const reviewCount = async (where: { bookingId?: number; propertyId?: number }) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(where.bookingId ? eq(reviews.bookingId, where.bookingId) : eq(reviews.propertyId, where.propertyId ?? 0))
  )[0]?.n;

async function detail(propertyId: number) {
  const response = await new HttpClient(server.baseUrl).get(`/api/properties/${propertyId}`);
  expect(response.status).toBe(200);
  return { rating: response.body.rating, reviewCount: response.body.reviewCount };
}

describe("POST /api/reviews", () => {
  it("reviews a completed stay (201) and recomputes the property's rating and review count from the reviews", async () => {
    const property = await createProperty(t.db, { rating: "2.00", reviewCount: 7 });
    // A hidden review counts for nothing, and the stale figures above must not be added to.
    const hiddenAuthor = await createUser(t.db);
    await t.db
      .insert(reviews)
      .values({ propertyId: property.id, guestId: hiddenAuthor.id, rating: 1, isPublic: false });

    const ada = await signedIn({ firstName: "Ada", lastName: "lovelace" });
    const adaStay = await stay(ada.user.id, property.id);
    const first = await ada.c.post(
      "/api/reviews",
      body(adaStay.id, 5, { title: "  Lovely stay  ", ...stars(5, { cleanliness: 4, value: 3 }) }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      propertyId: property.id,
      bookingId: adaStay.id,
      rating: 5,
      cleanliness: 4,
      accuracy: 5,
      communication: 5,
      location: 5,
      value: 3,
      title: "Lovely stay",
      comment: "Spotless flat, quick replies, and a short walk to the Tube.",
      guestName: "Ada L.",
      stayedIn: adaStay.checkIn.slice(0, 7),
      hostResponse: null,
      hostResponseDate: null,
    });
    expect(JSON.stringify(first.body)).not.toContain(ada.user.email);
    expect(await detail(property.id)).toEqual({ rating: "5.00", reviewCount: 1 });

    const ben = await signedIn();
    expect((await ben.c.post("/api/reviews", body((await stay(ben.user.id, property.id)).id, 4))).status).toBe(201);
    expect(await detail(property.id)).toEqual({ rating: "4.50", reviewCount: 2 });

    const cai = await signedIn();
    expect((await cai.c.post("/api/reviews", body((await stay(cai.user.id, property.id)).id, 4))).status).toBe(201);
    // (5 + 4 + 4) / 3 = 4.333…
    expect(await detail(property.id)).toEqual({ rating: "4.33", reviewCount: 3 });
  });

  it("takes one review per stay: a second answers 409 and changes nothing", async () => {
    const property = await createProperty(t.db);
    const { c, user } = await signedIn();
    const booking = await stay(user.id, property.id);
    expect((await c.post("/api/reviews", body(booking.id, 5))).status).toBe(201);
    const again = await c.post("/api/reviews", body(booking.id, 1));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reviewed this stay.");
    expect(await reviewCount({ bookingId: booking.id })).toBe(1);
    expect(await detail(property.id)).toEqual({ rating: "5.00", reviewCount: 1 });
  });

  it("lets one of five simultaneous submissions for a stay through", async () => {
    const property = await createProperty(t.db);
    const { c, user } = await signedIn();
    const booking = await stay(user.id, property.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.post("/api/reviews", body(booking.id, 4))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await reviewCount({ bookingId: booking.id })).toBe(1);
    expect(await detail(property.id)).toEqual({ rating: "4.00", reviewCount: 1 });
  });

  it("counts every one of eight guests reviewing one property at the same moment", async () => {
    const property = await createProperty(t.db);
    const guests = await Promise.all(Array.from({ length: 8 }, () => signedIn()));
    const stays: { id: number }[] = [];
    for (const g of guests) stays.push(await stay(g.user.id, property.id));
    const ratings = [5, 5, 4, 3, 5, 4, 2, 5]; // 33 / 8 = 4.125
    const answers = await Promise.all(
      guests.map((g, i) => g.c.post("/api/reviews", body(stays[i]?.id ?? 0, ratings[i]))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    // PostgreSQL rounds half away from zero: 4.125 → 4.13.
    expect(await detail(property.id)).toEqual({ rating: "4.13", reviewCount: 8 });
  });

  it.each([
    ["pending", "You can review this stay after check-out, once it is completed."],
    ["confirmed", "You can review this stay after check-out, once it is completed."],
    ["cancelled", "A cancelled booking cannot be reviewed."],
  ] as const)("refuses a %s booking with a 400 that says why", async (status, message) => {
    const property = await createProperty(t.db);
    const { c, user } = await signedIn();
    const booking = await stay(user.id, property.id, status);
    const response = await c.post("/api/reviews", body(booking.id));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await reviewCount({ propertyId: property.id })).toBe(0);
  });

  it("answers 404 for someone else's booking, the same as for a booking that does not exist", async () => {
    const property = await createProperty(t.db);
    const owner = await signedIn();
    const booking = await stay(owner.user.id, property.id);
    const intruder = await signedIn();
    const theirs = await intruder.c.post("/api/reviews", body(booking.id));
    const missing = await intruder.c.post("/api/reviews", body(2_000_000_000));
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    // Not even the landlord of the property may review the guest's stay.
    const landlord = await signedInLandlord();
    await t.db.update(properties).set({ ownerId: landlord.user.id }).where(eq(properties.id, property.id));
    expect((await landlord.c.post("/api/reviews", body(booking.id))).status).toBe(404);
    expect(await reviewCount({ propertyId: property.id })).toBe(0);
  });

  it("refuses a signed-out visitor with a 401", async () => {
    const property = await createProperty(t.db);
    const guest = await createUser(t.db);
    const booking = await stay(guest.id, property.id);
    const response = await new HttpClient(server.baseUrl).post("/api/reviews", body(booking.id));
    expect(response.status).toBe(401);
    expect(await reviewCount({ propertyId: property.id })).toBe(0);
  });

  it("asks a guest without a verified e-mail to verify it first (feature access), writing nothing", async () => {
    const property = await createProperty(t.db);
    const { c, user } = await signedIn({ emailVerified: false });
    const booking = await stay(user.id, property.id);
    const response = await c.post("/api/reviews", body(booking.id));
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ requiresEmailVerification: true, verifyAt: "/verification-status" });
    expect(await reviewCount({ propertyId: property.id })).toBe(0);
  });

  it("answers 400 for each bad field and writes nothing", async () => {
    const property = await createProperty(t.db);
    const { c, user } = await signedIn();
    const booking = await stay(user.id, property.id);
    const good = body(booking.id);
    const { cleanliness: _omitted, ...withoutCleanliness } = good;
    const bad: [string, unknown, RegExp][] = [
      ["rating 0", { ...good, rating: 0 }, /at least 1/],
      ["rating 6", { ...good, rating: 6 }, /at most 5/],
      ["rating 4.5", { ...good, rating: 4.5 }, /whole number/],
      ["rating as text", { ...good, rating: "5" }, /whole number from 1 to 5/],
      ["value 0", { ...good, value: 0 }, /Value must be at least 1/],
      ["location 9", { ...good, location: 9 }, /Location must be at most 5/],
      ["accuracy null", { ...good, accuracy: null }, /Accuracy/],
      ["communication -1", { ...good, communication: -1 }, /Communication/],
      ["no cleanliness", withoutCleanliness, /Cleanliness/],
      ["empty title", { ...good, title: "" }, /Title is required/],
      ["blank title", { ...good, title: "    " }, /Title is required/],
      ["long title", { ...good, title: "x".repeat(121) }, /at most 120/],
      ["empty comment", { ...good, comment: "" }, /Comment is required/],
      ["long comment", { ...good, comment: "x".repeat(2001) }, /at most 2000/],
      ["comment as a number", { ...good, comment: 5 }, /Comment/],
      ["bookingId as text", { ...good, bookingId: "one" }, /bookingId/],
      ["bookingId 0", { ...good, bookingId: 0 }, /bookingId/],
      ["bookingId past int range", { ...good, bookingId: 3_000_000_000 }, /bookingId/],
      ["a property id", { ...good, propertyId: property.id }, /Unknown body field: propertyId/],
      ["a guest id", { ...good, guestId: 1 }, /Unknown body field: guestId/],
      ["a host response", { ...good, hostResponse: "Thanks" }, /Unknown body field: hostResponse/],
    ];
    for (const [label, payload, message] of bad) {
      const response = await c.post("/api/reviews", payload);
      expect(response.status, label).toBe(400);
      expect(String(response.body.message), label).toMatch(message);
    }
    expect(await reviewCount({ propertyId: property.id })).toBe(0);
    expect(await detail(property.id)).toEqual({ rating: "0.00", reviewCount: 0 });
    // A title of exactly 120 and a comment of exactly 2000 characters are fine.
    const longest = await c.post("/api/reviews", { ...good, title: "t".repeat(120), comment: "c".repeat(2000) });
    expect(longest.status).toBe(201);
  });
});

describe("POST /api/reviews/{id}/response", () => {
  async function reviewedProperty() {
    const landlord = await signedInLandlord();
    const property = await createProperty(t.db, { ownerId: landlord.user.id });
    const guest = await signedIn();
    const review = await guest.c.post("/api/reviews", body((await stay(guest.user.id, property.id)).id, 3));
    expect(review.status).toBe(201);
    return { landlord, guest, property, reviewId: Number(review.body.id) };
  }
  const hostResponse = async (reviewId: number) =>
    (await t.db.select({ text: reviews.hostResponse }).from(reviews).where(eq(reviews.id, reviewId)))[0]?.text;

  it("lets the property's landlord answer once; a second answer is a 409", async () => {
    const { landlord, reviewId } = await reviewedProperty();
    const answer = await landlord.c.post(`/api/reviews/${reviewId}/response`, {
      response: "  Thank you, we have fixed the shower.  ",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: reviewId, hostResponse: "Thank you, we have fixed the shower." });
    expect(Date.parse(String(answer.body.hostResponseDate))).toBeGreaterThan(Date.now() - 60_000);

    const second = await landlord.c.post(`/api/reviews/${reviewId}/response`, { response: "Another answer" });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("This review already has a response.");
    expect(await hostResponse(reviewId)).toBe("Thank you, we have fixed the shower.");
  });

  it("answers 404 to another landlord and 403 to the guest; neither writes anything", async () => {
    const { guest, reviewId } = await reviewedProperty();
    const other = await signedInLandlord();
    const byOther = await other.c.post(`/api/reviews/${reviewId}/response`, { response: "Not my place" });
    expect(byOther.status).toBe(404);
    const byMissing = await other.c.post("/api/reviews/2000000000/response", { response: "Nothing here" });
    expect(byOther.body).toEqual(byMissing.body);
    const byGuest = await guest.c.post(`/api/reviews/${reviewId}/response`, { response: "Replying to myself" });
    expect(byGuest.status).toBe(403);
    const signedOut = await new HttpClient(server.baseUrl).post(`/api/reviews/${reviewId}/response`, {
      response: "Hello",
    });
    expect(signedOut.status).toBe(401);
    expect(await hostResponse(reviewId)).toBeNull();
  });

  it("lets an admin answer any review", async () => {
    const { reviewId } = await reviewedProperty();
    const admin = await signedIn({ role: "admin" });
    const answer = await admin.c.post(`/api/reviews/${reviewId}/response`, { response: "Answered by the team." });
    expect(answer.status).toBe(200);
    expect(await hostResponse(reviewId)).toBe("Answered by the team.");
  });

  it("answers 400 to a bad answer and writes nothing", async () => {
    const { landlord, reviewId } = await reviewedProperty();
    for (const payload of [
      {},
      { response: "" },
      { response: "   " },
      { response: "x".repeat(2001) },
      { response: 7 },
    ]) {
      const response = await landlord.c.post(`/api/reviews/${reviewId}/response`, payload);
      expect(response.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const extra = await landlord.c.post(`/api/reviews/${reviewId}/response`, { response: "Hi", hostResponseDate: "x" });
    expect(extra.status).toBe(400);
    expect((await landlord.c.post("/api/reviews/abc/response", { response: "Hi" })).status).toBe(400);
    expect(await hostResponse(reviewId)).toBeNull();
  });
});

describe("GET /api/properties/{id}/reviews", () => {
  it("lists public reviews newest first with averages to one decimal, paged", async () => {
    const property = await createProperty(t.db);
    const written: number[] = [];
    const plans = [
      { rating: 5, sub: { cleanliness: 5, accuracy: 4, communication: 5, location: 5, value: 4 } },
      { rating: 4, sub: { cleanliness: 3, accuracy: 4, communication: 5, location: 4, value: 4 } },
      { rating: 4, sub: { cleanliness: 4, accuracy: 5, communication: 4, location: 5, value: 2 } },
    ];
    for (const [i, plan] of plans.entries()) {
      const g = await signedIn({ firstName: ["Ada", "Ben", "Cai"][i], lastName: ["Lovelace", "okri", ""][i] });
      const r = await g.c.post("/api/reviews", {
        ...body((await stay(g.user.id, property.id)).id),
        ...stars(plan.rating, plan.sub),
        title: `Review ${i + 1}`,
      });
      expect(r.status).toBe(201);
      written.push(Number(r.body.id));
    }
    // A hidden review is neither listed nor averaged.
    const hidden = await createUser(t.db);
    await t.db.insert(reviews).values({ propertyId: property.id, guestId: hidden.id, rating: 1, isPublic: false });

    const client = new HttpClient(server.baseUrl);
    const all = await client.get(`/api/properties/${property.slug}/reviews`);
    expect(all.status).toBe(200);
    expect(all.body.summary).toEqual({
      count: 3,
      overall: 4.3, // 13 / 3 = 4.33
      cleanliness: 4, // 12 / 3
      accuracy: 4.3, // 13 / 3
      communication: 4.7, // 14 / 3
      location: 4.7, // 14 / 3
      value: 3.3, // 10 / 3
    });
    const list = all.body.reviews as Record<string, unknown>[];
    expect(list.map((r) => r.id)).toEqual([...written].reverse());
    expect(list.map((r) => r.guestName)).toEqual(["Cai", "Ben O.", "Ada L."]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        "id",
        "rating",
        "cleanliness",
        "accuracy",
        "communication",
        "location",
        "value",
        "title",
        "comment",
        "guestName",
        "stayedIn",
        "createdAt",
        "hostResponse",
        "hostResponseDate",
      ].sort(),
    );
    expect(list[2]).toMatchObject({ title: "Review 1", rating: 5, accuracy: 4, value: 4 });
    expect(String(list[2]?.stayedIn)).toMatch(/^\d{4}-\d{2}$/);
    expect(JSON.stringify(all.body)).not.toMatch(/@reviews\.test|Lovelace|okri/);

    const firstPage = await client.get(`/api/properties/${property.id}/reviews?limit=2`);
    const secondPage = await client.get(`/api/properties/${property.id}/reviews?limit=2&offset=2`);
    expect((firstPage.body.reviews as { id: number }[]).map((r) => r.id)).toEqual([written[2], written[1]]);
    expect((secondPage.body.reviews as { id: number }[]).map((r) => r.id)).toEqual([written[0]]);
    expect(secondPage.body.summary).toEqual(all.body.summary);
  });

  it("shows ten by default and at most fifty", async () => {
    const property = await createProperty(t.db);
    for (let i = 0; i < 12; i++) {
      const guest = await createUser(t.db);
      await t.db.insert(reviews).values({ propertyId: property.id, guestId: guest.id, rating: 4 });
    }
    const client = new HttpClient(server.baseUrl);
    const page = await client.get(`/api/properties/${property.id}/reviews`);
    expect((page.body.reviews as unknown[]).length).toBe(10);
    expect(page.body.summary).toMatchObject({ count: 12, overall: 4, cleanliness: null });
    expect((await client.get(`/api/properties/${property.id}/reviews?limit=50`)).body.reviews).toHaveLength(12);
    for (const query of ["limit=51", "limit=0", "limit=ten", "offset=-1", "sort=oldest"]) {
      const response = await client.get(`/api/properties/${property.id}/reviews?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it("answers an empty list with null averages for a property without reviews, and 404 for no property", async () => {
    const property = await createProperty(t.db);
    const client = new HttpClient(server.baseUrl);
    const empty = await client.get(`/api/properties/${property.id}/reviews`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      summary: {
        count: 0,
        overall: null,
        cleanliness: null,
        accuracy: null,
        communication: null,
        location: null,
        value: null,
      },
      reviews: [],
    });
    expect((await client.get("/api/properties/no-such-listing/reviews")).status).toBe(404);
    expect((await client.get("/api/properties/99999999999/reviews")).status).toBe(404);
    expect((await client.get("/api/properties/Not_A_Slug/reviews")).status).toBe(400);
    const inactive = await createProperty(t.db, { isActive: false });
    expect((await client.get(`/api/properties/${inactive.id}/reviews`)).status).toBe(404);
    // The detail route beside it still answers.
    expect((await client.get(`/api/properties/${property.id}`)).status).toBe(200);
  });
});

describe("the demo data's reviews", () => {
  const { t: seeded, server: seededServer } = setUpTestApp({ withoutChangeFeed: true });
  beforeAll(async () => {
    await seedDemoData(seeded.db, { today: londonToday() });
  });

  it("gives every listing the same rating and count on its detail page as its reviews have", async () => {
    const client = new HttpClient(seededServer.baseUrl);
    const listings = await seeded.db
      .select({ slug: properties.slug })
      .from(properties)
      .where(eq(properties.isActive, true));
    let withReviews = 0;
    for (const { slug } of listings) {
      const [page, reviewsPage] = await Promise.all([
        client.get(`/api/properties/${slug}`),
        client.get(`/api/properties/${slug}/reviews?limit=50`),
      ]);
      const summary = reviewsPage.body.summary as { count: number; overall: number | null };
      expect(page.body.reviewCount, slug).toBe(summary.count);
      if (summary.count === 0) {
        expect(page.body.rating, slug).toBe("0.00");
        continue;
      }
      withReviews++;
      // The 1-decimal overall is the stored 2-decimal rating, rounded half up.
      expect(summary.overall, slug).toBe(Math.round(Number(page.body.rating) * 10 + 1e-9) / 10);
      const listed = reviewsPage.body.reviews as { rating: number }[];
      if (summary.count <= 50) {
        const average = listed.reduce((sum, r) => sum + r.rating, 0) / listed.length;
        expect(Math.abs(Number(page.body.rating) - average), slug).toBeLessThanOrEqual(0.005 + 1e-9);
      }
    }
    expect(withReviews).toBeGreaterThan(10);
  });
});
