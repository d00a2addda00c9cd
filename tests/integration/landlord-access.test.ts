import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { availability, pricingRules, propertyPhotos } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Issue 5: every landlord endpoint, tried by the people who must not get in. A guest is refused (403) everywhere; a
 * second landlord gets 404 for anything of the first landlord's property, and never sees its rows in the lists.
 * Afterwards the property, its photos, rules, nights and bookings are exactly as they were.
 */

const { t, server } = setUpTestApp({ tempDataDir: "staylondon-access-", withoutChangeFeed: true });
let guest: HttpClient;
let otherLandlord: HttpClient;
let owner: HttpClient;
let propertyId: number;
let photoId: number;
let ruleId: number;
let bookingId: number;

const landlordFields = {
  role: "landlord",
  isApproved: true,
  phoneVerified: true,
  phoneNumber: "+447700900123",
} as const;
const night = addDays(londonToday(), 40);

/** Method, path and body of each call that acts on landlord A's property or booking. */
function callsOnTheProperty(): [string, string, unknown?][] {
  const p = `/api/properties/${propertyId}`;
  const form = {
    title: "Taken over listing",
    description: "Somebody else's description, long enough to pass.",
    address: "1 Elsewhere Street, London",
    city: "Camden",
    pricePerNight: 1,
    pricePerMonth: 1,
    bedrooms: 1,
    bathrooms: 1,
    maxGuests: 1,
    propertyType: "flat",
    furnishingStatus: "furnished",
  };
  return [
    ["GET", `${p}/manage`],
    ["PUT", p, form],
    ["POST", `${p}/status`, { status: "inactive" }],
    ["POST", `${p}/photos`, { url: "https://example.com/taken.jpg" }],
    ["PUT", `${p}/photos/order`, { photoIds: [photoId] }],
    ["PUT", `${p}/photos/${photoId}/main`],
    ["DELETE", `${p}/photos/${photoId}`],
    ["GET", `${p}/calendar?month=${night.slice(0, 7)}`],
    ["POST", `${p}/blocked-nights`, { from: night, to: night }],
    ["DELETE", `${p}/blocked-nights?from=${night}&to=${night}`],
    ["GET", `${p}/pricing-rules`],
    ["POST", `${p}/pricing-rules`, { name: "Mine now", priceModifier: -50 }],
    ["PUT", `${p}/pricing-rules/${ruleId}`, { name: "Mine now", priceModifier: -50 }],
    ["DELETE", `${p}/pricing-rules/${ruleId}`],
    ["POST", `/api/bookings/${bookingId}/accept`],
    ["POST", `/api/bookings/${bookingId}/decline`],
    ["POST", `/api/bookings/${bookingId}/cancel`],
  ];
}

/** The landlord lists and figures: refused to guests, scoped for other landlords. */
const LIST_CALLS = [
  "/api/properties/my-properties",
  "/api/bookings/landlord-bookings",
  "/api/analytics/landlord",
  "/api/analytics/revenue",
  "/api/analytics/monthly-revenue",
  "/api/analytics/occupancy",
];

/** Everything a stranger's call could change, as one comparable value. */
async function stateOfTheProperty() {
  const rows = await t.db.execute(sql`
    select p.title, p.is_active, p.under_maintenance, p.updated_at,
      (select json_agg(json_build_object('id', id, 'main', is_main, 'order', display_order) order by id)
         from ${propertyPhotos} where property_id = p.id) as photos,
      (select json_agg(json_build_object('id', id, 'name', name, 'modifier', price_modifier) order by id)
         from ${pricingRules} where property_id = p.id) as rules,
      (select count(*)::int from ${availability} where property_id = p.id) as nights,
      (select json_agg(json_build_object('id', id, 'status', status) order by id) from bookings where property_id = p.id)
        as bookings
    from properties p where p.id = ${propertyId}`);
  return rows.rows[0];
}

beforeAll(async () => {
  const a = await signedInUser(t.db, server.baseUrl, landlordFields);
  owner = a.client;
  otherLandlord = (await signedInUser(t.db, server.baseUrl, { ...landlordFields, phoneNumber: "+447700900124" }))
    .client;
  guest = (await signedInUser(t.db, server.baseUrl)).client;

  const property = await createProperty(t.db, { ownerId: a.user.id, photos: ["https://example.com/front.jpg"] });
  propertyId = property.id;
  const [photo] = await t.db.select({ id: propertyPhotos.id }).from(propertyPhotos);
  photoId = photo?.id as number;
  const [rule] = await t.db
    .insert(pricingRules)
    .values({ propertyId, name: "Weekends", priceModifier: "15.00", daysOfWeek: [5, 6] })
    .returning();
  ruleId = rule?.id as number;
  const booking = await createBooking(t.db, {
    propertyId,
    checkIn: addDays(night, 10),
    checkOut: addDays(night, 12),
    status: "pending",
    holdExpiresAt: new Date(Date.now() + 86_400_000),
  });
  bookingId = booking.id;
});

describe("landlord endpoints, from the side of those who must not get in", () => {
  it("a guest gets 403 on every landlord endpoint, and nothing changes", async () => {
    const before = await stateOfTheProperty();
    for (const [method, url, body] of callsOnTheProperty()) {
      const response = await guest.request(method, url, body);
      // Guests may cancel bookings, but only their own: this one is a stranger's, so it does not exist for them.
      expect(response.status, `${method} ${url}`).toBe(url.endsWith("/cancel") ? 404 : 403);
      if (response.status === 403) {
        expect((response.body as { message?: string }).message, `${method} ${url}`).toMatch(
          /^You don't have the required role to access this area\. Required: Landlord\/Owner\./,
        );
      }
    }
    for (const url of LIST_CALLS) expect((await guest.get(url)).status, url).toBe(403);
    const create = await guest.post("/api/properties", {
      title: "A guest's listing",
      description: "Guests may not list properties, however long this is.",
      address: "2 Guest Street, London",
      city: "Camden",
      pricePerNight: 100,
      pricePerMonth: 2000,
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      propertyType: "flat",
      furnishingStatus: "furnished",
    });
    expect(create.status).toBe(403);
    expect(await stateOfTheProperty()).toEqual(before);
    const count = await t.db.execute(sql`select count(*)::int as n from properties`);
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it("another landlord gets 404 for everything of the property and its booking, and nothing changes", async () => {
    const before = await stateOfTheProperty();
    for (const [method, url, body] of callsOnTheProperty()) {
      const response = await otherLandlord.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    expect(await stateOfTheProperty()).toEqual(before);
  });

  it("another landlord's lists and figures hold none of the property's rows", async () => {
    const mine = await otherLandlord.get("/api/properties/my-properties");
    expect(mine.body).toEqual([]);
    const bookings = await otherLandlord.get("/api/bookings/landlord-bookings");
    expect(bookings.body).toEqual([]);
    const occupancy = await otherLandlord.get("/api/analytics/occupancy");
    expect((occupancy.body as { properties: unknown[] }).properties).toEqual([]);
    const totals = await otherLandlord.get("/api/analytics/landlord");
    expect(totals.body).toMatchObject({ totalProperties: 0, totalBookings: 0 });
  });

  it("the owner, on the other hand, is let in (so the refusals above are about who asks)", async () => {
    for (const [method, url] of callsOnTheProperty().filter(([m]) => m === "GET")) {
      expect((await owner.request(method, url)).status, url).toBe(200);
    }
    const mine = await owner.get("/api/properties/my-properties");
    expect((mine.body as unknown as { id: number }[]).map((p) => p.id)).toEqual([propertyId]);
  });
});
