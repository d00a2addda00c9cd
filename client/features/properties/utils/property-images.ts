/** The default picture for a property without photos (spec 1 §9 "Default property image"). */
export const PROPERTY_PLACEHOLDER_IMAGE = "/images/property-placeholder.webp";

export function coverImage(images: readonly string[]): string {
  return images[0] ?? PROPERTY_PLACEHOLDER_IMAGE;
}
