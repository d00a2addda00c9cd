import { expect } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import type { HttpClient } from "./http-client";

/** A guest's request for `nights` nights from `checkIn` through POST /api/bookings, as the booking wizard sends it. */
export async function requestStay(client: HttpClient, propertyId: number, checkIn: string, nights: number) {
  const response = await client.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guestCount: 1,
    guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; totalPrice: string };
}
