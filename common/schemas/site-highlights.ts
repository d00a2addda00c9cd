import { z } from "zod";
import { ZPublicReview } from "./reviews";

/**
 * GET /api/site/highlights: the figures and guest words the public pages may claim, each computed from the data. A
 * figure whose sample is too small to mean anything is null, and the page leaves it out.
 */
export const ZSiteHighlights = z.object({
  hosting: z.object({
    activeListings: z.number().int(),
    /** Booked share of the nights active listings were open to our guests over the last `days` days. */
    occupancy: z
      .object({
        percent: z.number().int(),
        listings: z.number().int(),
        nights: z.number().int(),
        days: z.number().int(),
      })
      .nullable(),
    /** Average of the public reviews of active listings, to one decimal. */
    rating: z.object({ average: z.number(), reviews: z.number().int() }).nullable(),
  }),
  /** Recent public reviews of four or five stars with something to say, newest first; empty when there are none. */
  testimonials: z.array(
    ZPublicReview.pick({ id: true, rating: true, title: true, comment: true, guestName: true, stayedIn: true }).extend({
      city: z.string(),
    }),
  ),
});
export type TSiteHighlights = z.infer<typeof ZSiteHighlights>;
