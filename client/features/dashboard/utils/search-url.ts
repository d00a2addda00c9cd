import { maxPriceParam } from "@/lib/price-filter";

/** The dashboard search's destination: /properties with city and maxPrice (maxPrice only below the slider's top, which means no limit). */
export function propertiesSearchUrl(city: string, maxPrice: number): string {
  const params = new URLSearchParams();
  const place = city.trim();
  if (place) params.set("city", place);
  const price = maxPriceParam(maxPrice);
  if (price !== undefined) params.set("maxPrice", price);
  const query = params.toString();
  return query ? `/properties?${query}` : "/properties";
}
