import { ZGuestBooking } from "@common/schemas/bookings";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { getJson } from "@/lib/api-client";

/** The signed-in person's own bookings: My Bookings lists them, the contact form offers them to ask about. */
export const myBookingsKeys = { mine: ["bookings", "mine"] as const };

/** GET /api/bookings/my-bookings: the signed-in guest's bookings, newest first. */
export function myBookingsQueryOptions() {
  return queryOptions({
    queryKey: myBookingsKeys.mine,
    queryFn: ({ signal }) => getJson("/api/bookings/my-bookings", z.array(ZGuestBooking), { signal }),
  });
}
