/** The home hero search. */
export type SearchValues = { where: string; checkIn: string; checkOut: string };
export type SearchField = keyof SearchValues;
export type SearchErrors = Record<SearchField, boolean>;

export const NO_SEARCH_ERRORS: SearchErrors = { where: false, checkIn: false, checkOut: false };

/** A field is valid when Where is non-blank after trimming and the dates are filled in. */
export function isFieldValid(field: SearchField, value: string): boolean {
  return field === "where" ? value.trim().length > 0 : value.length > 0;
}

export function validateSearch(values: SearchValues): SearchErrors {
  return {
    where: !isFieldValid("where", values.where),
    checkIn: !isFieldValid("checkIn", values.checkIn),
    checkOut: !isFieldValid("checkOut", values.checkOut),
  };
}

export function hasErrors(errors: SearchErrors): boolean {
  return errors.where || errors.checkIn || errors.checkOut;
}

/** /properties?city=<where>&checkIn=YYYY-MM-DD&checkOut=YYYY-MM-DD; the hero passes no price. */
export function searchResultsUrl(values: SearchValues): string {
  const params = new URLSearchParams({
    city: values.where.trim(),
    checkIn: values.checkIn,
    checkOut: values.checkOut,
  });
  return `/properties?${params}`;
}

/** /properties with city and maxPrice (maxPrice only below the top of the scale). */
export function budgetResultsUrl(city: string, maxPrice: string | undefined): string {
  const params = new URLSearchParams();
  if (city.trim()) params.set("city", city.trim());
  if (maxPrice !== undefined) params.set("maxPrice", maxPrice);
  const query = params.toString();
  return query ? `/properties?${query}` : "/properties";
}
