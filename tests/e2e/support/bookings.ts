import type { APIRequestContext } from "@playwright/test";
import { bookingReference } from "../../../common/schemas/bookings";
import { isoDateFromToday } from "./dates";
import { expect } from "./test";

type Guest = { firstName: string; lastName: string; email: string };
type Stay = { propertyId: number; checkIn: string; checkOut: string; guestCount?: number };

/** The booking request of the guest signed in on `guest` (POST /api/bookings), for `guestCount` guests (1 unless said). */
export function postBooking(guest: APIRequestContext, person: Guest, { guestCount = 1, ...stay }: Stay) {
  return guest.post("/api/bookings", {
    data: {
      ...stay,
      guestCount,
      guestInfo: { firstName: person.firstName, lastName: person.lastName, email: person.email },
    },
  });
}

/** A booking request that must be taken (201), with its reference. */
export async function bookStay(guest: APIRequestContext, person: Guest, stay: Stay) {
  const response = await postBooking(guest, person, stay);
  expect(response.status(), `booking: ${await response.text()}`).toBe(201);
  const booking = (await response.json()) as { id: number; status: string; guestId: number };
  return { ...booking, reference: bookingReference(booking.id) };
}

/**
 * A free two-night stay requested by the guest signed in on `guest` at one of the demo listings `slugs`. Other tests
 * book the same listings in parallel: the stay is 300 to 700 days ahead at a random offset, checked free with the
 * server's quote first, and nights taken between the quote and the booking (409) are tried again at other dates.
 */
export async function requestFreeStay(
  guest: APIRequestContext,
  person: Guest,
  slugs: readonly string[],
  guestCount = 1,
) {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const slug = slugs[Math.floor(Math.random() * slugs.length)] as string;
    const detail = await guest.get(`/api/properties/${slug}`);
    expect(detail.ok(), `property ${slug}: ${await detail.text()}`).toBe(true);
    const propertyId = ((await detail.json()) as { id: number }).id;
    const offset = 300 + Math.floor(Math.random() * 400);
    const checkIn = isoDateFromToday(offset);
    const checkOut = isoDateFromToday(offset + 2);
    const quote = await guest.get(
      `/api/properties/${propertyId}/quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=${guestCount}`,
    );
    expect(quote.ok(), `quote: ${await quote.text()}`).toBe(true);
    if (!((await quote.json()) as { available: boolean }).available) continue;
    const response = await postBooking(guest, person, { propertyId, checkIn, checkOut, guestCount });
    if (response.status() === 409) continue;
    expect(response.status(), `booking: ${await response.text()}`).toBe(201);
    const booking = (await response.json()) as { id: number; status: string; guestId: number };
    return { ...booking, reference: bookingReference(booking.id) };
  }
  throw new Error(`No free stay found at ${slugs.join(", ")}`);
}

/** The tenant accepts the tenancy's written statement of terms, which the landlord cannot agree a tenancy without. */
export async function acceptStatementThroughApi(tenant: APIRequestContext, bookingId: number): Promise<void> {
  const rights = await tenant.get(`/api/bookings/${bookingId}/tenancy-rights`);
  expect(rights.status(), await rights.text()).toBe(200);
  const { sha256 } = ((await rights.json()) as { statement: { sha256: string } }).statement;
  const accepted = await tenant.post(`/api/bookings/${bookingId}/statement-of-terms/accept`, { data: { sha256 } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
