import { PARTY_KINDS, type TParty } from "@common/domain/party";
import type { TQuote } from "@common/schemas/bookings";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/**
 * `asTenancy`: the guest asks for a stay of 28 nights or more to be let as a tenancy, or, with no check-out, for a
 * periodic tenancy from check-in (its move-in day).
 */
export type StayQuoteRequest = {
  checkIn: string;
  checkOut?: string;
  guests: number;
  asTenancy?: boolean;
  /** Who comes, in place of guests. */
  party?: TParty;
};

/** GET /api/properties/{id}/quote: the server's price for a stay and whether it can be booked. */
export function getStayQuote(propertyId: number, stay: StayQuoteRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ checkIn: stay.checkIn });
  if (stay.party) for (const kind of PARTY_KINDS) params.set(kind, String(stay.party[kind]));
  else params.set("guests", String(stay.guests));
  if (stay.checkOut) params.set("checkOut", stay.checkOut);
  if (stay.asTenancy) params.set("asTenancy", "true");
  return getPublicJson<TQuote>(`/api/properties/${propertyId}/quote?${params}`, "object", { signal });
}

export const stayQuoteKey = (propertyId: number, stay: StayQuoteRequest) =>
  [
    "properties",
    "quote",
    propertyId,
    stay.checkIn,
    stay.checkOut ?? null,
    stay.guests,
    stay.party ? PARTY_KINDS.map((kind) => stay.party?.[kind]).join("-") : null,
    Boolean(stay.asTenancy),
  ] as const;

/** The quote for valid dates (`stay` null: nothing asked). Always asked afresh: nights are taken all the time. */
export function useStayQuote(propertyId: number, stay: StayQuoteRequest | null) {
  return useQuery({
    queryKey: stay ? stayQuoteKey(propertyId, stay) : ["properties", "quote", propertyId, null],
    queryFn: ({ signal }) => getStayQuote(propertyId, stay as StayQuoteRequest, signal),
    enabled: stay !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
