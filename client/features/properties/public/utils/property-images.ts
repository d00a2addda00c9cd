import { PROPERTY_PLACEHOLDER_IMAGE } from "@/components/ui/property-image";

export function coverImage(images: readonly string[]): string {
  return images[0] ?? PROPERTY_PLACEHOLDER_IMAGE;
}
