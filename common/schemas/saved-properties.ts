import { z } from "zod";
import { ZMoney } from "../entities/field-kinds";
import { allInPriceFields } from "./properties";

/** The listing inside a saved item: what the Saved Properties page and the hearts need. */
export const ZSavedPropertyListing = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  /** Photo URLs, the main photo first (at most 5). */
  images: z.array(z.string()),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  pricePerNight: ZMoney,
  ...allInPriceFields,
  rating: z.string(),
});

/** One property a user saved, and when. */
export const ZSavedProperty = z.object({
  id: z.number().int(),
  /** ISO instant the property was saved. */
  createdAt: z.string(),
  property: ZSavedPropertyListing,
});
export type TSavedProperty = z.infer<typeof ZSavedProperty>;

/** GET /api/properties/saved: the signed-in user's saved properties, newest first. */
export const ZSavedPropertyList = z.array(ZSavedProperty);
export type TSavedPropertyList = z.infer<typeof ZSavedPropertyList>;
