export type Testimonial = { quote: string; name: string; detail: string; rating: number };

/** Static testimonials for the home page (spec 1 §2: testimonials are static). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "We relocated from Edinburgh for a six-month contract and the Marylebone flat felt like home from the first evening. Spotless, quiet and five minutes from the Tube.",
    name: "Charlotte Davies",
    detail: "Six-month stay in Marylebone",
    rating: 5,
  },
  {
    quote:
      "I book StayLondon for every client visit now. The photos are honest, check-in is effortless and the concierge sorted theatre tickets within the hour.",
    name: "James Whitfield",
    detail: "Business travel, Canary Wharf",
    rating: 5,
  },
  {
    quote:
      "Three generations under one roof for my daughter's graduation, in a Kensington townhouse with a proper kitchen. Nothing was too much trouble.",
    name: "Priya Sharma",
    detail: "Family stay in Kensington",
    rating: 5,
  },
];
