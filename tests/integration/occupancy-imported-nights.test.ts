import { describe, expect, it } from "vitest";
import { availability, calendarFeeds, importedStays } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Occupancy counts the nights a listing was open to our guests. A night booked on another site (imported from the
 * listing's calendar feed) was no more open than a night the landlord blocked, so it leaves the count in the same
 * way; a listing let out elsewhere most of the month is not shown as mostly empty.
 */
const NOW = new Date("2026-03-18T12:00:00Z");

describe("occupancy and nights booked on another site", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => NOW });

  it("leaves imported nights out of the open nights, as blocked ones are", async () => {
    const landlord = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: true,
    });
    // Listed long before the 8 weeks from 2026-01-26 to 2026-03-22: 56 nights.
    const property = await createProperty(t.db, {
      ownerId: landlord.user.id,
      title: "Delta Studio",
      createdAt: new Date("2025-01-01T10:00:00Z"),
    });
    // Ours: 03-02 and 03-03 (2 nights).
    await createBooking(t.db, {
      propertyId: property.id,
      status: "completed",
      checkIn: "2026-03-02",
      checkOut: "2026-03-04",
    });
    // The landlord blocks 03-09.
    await t.db.insert(availability).values({ propertyId: property.id, date: "2026-03-09", status: "blocked" });
    // Booked elsewhere: 03-10 … 03-13 (4 nights), and a stay from 2026-01-20 whose 01-26 … 01-28 fall inside (3).
    const [feed] = await t.db
      .insert(calendarFeeds)
      .values({ propertyId: property.id, name: "Airbnb", url: "https://calendars.example/delta.ics" })
      .returning();
    await t.db.insert(importedStays).values([
      {
        feedId: feed?.id as number,
        propertyId: property.id,
        uid: "a@airbnb",
        startsOn: "2026-03-10",
        endsOn: "2026-03-14",
      },
      {
        feedId: feed?.id as number,
        propertyId: property.id,
        uid: "b@airbnb",
        startsOn: "2026-01-20",
        endsOn: "2026-01-29",
      },
    ]);

    const response = await landlord.client.get("/api/analytics/occupancy");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [row] = response.body.properties as {
      id: number;
      bookedNights: number;
      totalNights: number;
      occupancyRate: number;
    }[];
    // 56 nights, less 1 blocked and 4 + 3 booked elsewhere = 48; 2 booked here → 4.2 %.
    expect(row).toMatchObject({ id: property.id, bookedNights: 2, totalNights: 48, occupancyRate: 4.2 });

    // March alone (the dashboard's figure): 31 nights, less 1 blocked and 4 elsewhere = 26; 2 / 26 = 7.7 %.
    const dashboard = await landlord.client.get("/api/analytics/landlord");
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({ occupancyRate: 7.7 });
  });
});
