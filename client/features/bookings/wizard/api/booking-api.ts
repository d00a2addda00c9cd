import { PARTY_KINDS } from "@common/domain/party";
import { ZAccessRefusal } from "@common/schemas/auth";
import {
  type TCreateBookingRequest,
  type TQuoteQuery,
  ZBooking,
  ZCancelBookingResponse,
  ZGuestBooking,
  ZPaymentIntent,
  ZQuote,
} from "@common/schemas/bookings";
import { ZPropertyDetail } from "@common/schemas/properties";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiRequest, getJson, isApiError, parseJson } from "@/lib/api-client";

/** Shared query keys (helper rules): the property detail is the same entry the detail page fills. */
export const bookingWizardKeys = {
  property: (ref: string) => ["properties", "detail", ref] as const,
  quote: (ref: string, query: TQuoteQuery) =>
    [
      "bookings",
      "quote",
      ref,
      query.checkIn,
      query.checkOut ?? null,
      query.guests ?? null,
      ...PARTY_KINDS.map((kind) => query[kind] ?? null),
      Boolean(query.asTenancy),
    ] as const,
  booking: (id: number) => ["bookings", "detail", id] as const,
};

/** What a new or changed booking makes out of date elsewhere (My Bookings, the dashboard). */
export const KEYS_CHANGED_BY_BOOKING = [
  ["bookings", "mine"],
  // Date searches and quotes: the booked nights are no longer free.
  ["properties"],
  ["dashboard", "stats"],
  ["dashboard", "recent-activity"],
] as const;

export function propertyQueryOptions(ref: string) {
  return queryOptions({
    queryKey: bookingWizardKeys.property(ref),
    queryFn: ({ signal }) => getJson(`/api/properties/${encodeURIComponent(ref)}`, ZPropertyDetail, { signal }),
  });
}

/** GET /api/properties/{id}/quote: the server's price for the stay and whether it can be booked. */
export function quoteQueryOptions(ref: string, query: TQuoteQuery) {
  const params = new URLSearchParams({ checkIn: query.checkIn });
  if (query.guests !== undefined) params.set("guests", String(query.guests));
  for (const kind of PARTY_KINDS) if (query[kind] !== undefined) params.set(kind, String(query[kind]));
  // A periodic tenancy is asked with its move-in day alone.
  if (query.checkOut) params.set("checkOut", query.checkOut);
  if (query.asTenancy) params.set("asTenancy", "true");
  return queryOptions({
    queryKey: bookingWizardKeys.quote(ref, query),
    queryFn: ({ signal }) => getJson(`/api/properties/${encodeURIComponent(ref)}/quote?${params}`, ZQuote, { signal }),
    // Availability changes as others book: a quote is good for the moment it was asked.
    staleTime: 0,
  });
}

/** GET /api/bookings/{id}: one of the signed-in guest's own bookings. */
export function guestBookingQueryOptions(id: number) {
  return queryOptions({
    queryKey: bookingWizardKeys.booking(id),
    queryFn: ({ signal }) => getJson(`/api/bookings/${id}`, ZGuestBooking, { signal }),
    staleTime: 0,
  });
}

/**
 * POST /api/bookings with an Idempotency-Key (apiRequest sends no custom headers). Fails as apiRequest does: an
 * ApiError whose message is "status: body".
 */
export async function createBooking(request: TCreateBookingRequest, idempotencyKey: string) {
  const res = await fetch("/api/bookings", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(request),
  });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
  return parseJson(res, ZBooking);
}

/** POST /api/create-payment-intent. The server charges what the booking costs; `amount` is the spec's field. */
export async function createPaymentIntent(bookingId: number, amount: number) {
  return parseJson(await apiRequest("POST", "/api/create-payment-intent", { bookingId, amount }), ZPaymentIntent);
}

/** POST /api/bookings/{id}/cancel: withdraws a pending request (or cancels a confirmed stay). */
export async function cancelBooking(id: number, reason: string) {
  return parseJson(await apiRequest("POST", `/api/bookings/${id}/cancel`, { reason }), ZCancelBookingResponse);
}

export type AccessRefusal = z.infer<typeof ZAccessRefusal>;

/** The verification a 403 from POST /api/bookings says is missing, if that is what it was. */
export function accessRefusalOf(error: unknown): AccessRefusal | null {
  if (!isApiError(error, 403)) return null;
  try {
    const parsed = ZAccessRefusal.safeParse(JSON.parse(error.body));
    if (parsed.success && (parsed.data.requiresEmailVerification || parsed.data.requiresPhoneVerification)) {
      return parsed.data;
    }
  } catch {
    // Not JSON: an ordinary refusal.
  }
  return null;
}
