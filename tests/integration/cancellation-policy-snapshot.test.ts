import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const guest = () => signedInUser(t.db, server.baseUrl);
const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });

/** The landlord's edit form for a £200 a night flat; `policy` undefined leaves the field out. */
const editForm = (policy?: string) => ({
  title: "Bright two-bed flat near Regent's Park",
  description: "A calm, light-filled flat with a modern kitchen and a quiet bedroom at the back.",
  address: "12 Albany Street, London NW1 4DY",
  city: "Camden",
  pricePerNight: 200,
  pricePerMonth: 4800,
  bedrooms: 2,
  bathrooms: 1,
  maxGuests: 4,
  propertyType: "flat",
  furnishingStatus: "furnished",
  ...(policy && { cancellationPolicy: policy }),
});

/** A two-night stay the guest requests and the landlord accepts: £400 of nights plus a £40 fee. */
async function confirmedStay(guestClient: HttpClient, owner: HttpClient, propertyId: number, checkIn: string) {
  const booked = await guestClient.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guestCount: 1,
    guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect(booked.body.totalPrice).toBe("440.00");
  const accepted = await owner.post(`/api/bookings/${booked.body.id}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return booked.body.id as number;
}

async function switchPolicy(owner: HttpClient, propertyId: number, policy?: string) {
  const response = await owner.request("PUT", `/api/properties/${propertyId}`, editForm(policy));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.cancellationPolicy as string;
}

const storedPolicy = async (bookingId: number) =>
  (await t.db.select({ policy: bookings.cancellationPolicy }).from(bookings).where(eq(bookings.id, bookingId)))[0]
    ?.policy;

describe("a booking's refund follows the policy it was made under", () => {
  it("refunds a stay booked under flexible in full after the landlord switches to strict; a stay booked after follows strict", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, {
      ownerId: owner.user.id,
      pricePerNight: "200.00",
      cancellationPolicy: "flexible",
    });
    const today = londonToday();
    // 10 and 12 days ahead: flexible refunds all (1+ day ahead); strict refunds half the nights (7 to 13 days).
    const early = await guest();
    const bookedUnderFlexible = await confirmedStay(early.client, owner.client, property.id, addDays(today, 10));

    expect(await switchPolicy(owner.client, property.id, "strict")).toBe("strict");
    const late = await guest();
    const bookedUnderStrict = await confirmedStay(late.client, owner.client, property.id, addDays(today, 12));
    expect(await storedPolicy(bookedUnderFlexible)).toBe("flexible");
    expect(await storedPolicy(bookedUnderStrict)).toBe("strict");

    // The guest's page shows the policy of the booking, and the refund it would give today.
    const earlyView = await early.client.get(`/api/bookings/${bookedUnderFlexible}`);
    expect(earlyView.body).toMatchObject({
      status: "confirmed",
      property: { cancellationPolicy: "flexible" },
      refundIfCancelledNow: "440.00",
    });
    const lateList = await late.client.get("/api/bookings/my-bookings");
    expect(lateList.body).toMatchObject([
      { id: bookedUnderStrict, property: { cancellationPolicy: "strict" }, refundIfCancelledNow: "200.00" },
    ]);

    const earlyCancel = await early.client.post(`/api/bookings/${bookedUnderFlexible}/cancel`);
    expect(earlyCancel.status).toBe(200);
    expect(earlyCancel.body.refund).toBe("440.00");
    expect(earlyCancel.body.booking).toMatchObject({ status: "cancelled", cancellation: { refundAmount: "440.00" } });

    const lateCancel = await late.client.post(`/api/bookings/${bookedUnderStrict}/cancel`);
    expect(lateCancel.status).toBe(200);
    expect(lateCancel.body.refund).toBe("200.00");
    expect(lateCancel.body.booking).toMatchObject({ status: "cancelled", cancellation: { refundAmount: "200.00" } });
  });

  it("keeps the policy when an edit leaves the field out and so resets the property to moderate", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, {
      ownerId: owner.user.id,
      pricePerNight: "200.00",
      cancellationPolicy: "flexible",
    });
    const { client } = await guest();
    // Two days ahead: flexible still refunds all; moderate would refund half the nights (£200).
    const bookingId = await confirmedStay(client, owner.client, property.id, addDays(londonToday(), 2));

    expect(await switchPolicy(owner.client, property.id)).toBe("moderate");

    const cancelled = await client.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toBe("440.00");
    expect(cancelled.body.booking).toMatchObject({ property: { cancellationPolicy: "flexible" } });
  });
});
