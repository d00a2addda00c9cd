import { FEATURE_LABELS, PROPERTY_FEATURES, type PropertyFeature } from "@common/domain/property-options";
import type { TPropertyDetail } from "@common/schemas/properties";
import { amenityIcon } from "../utils/amenity-icons";

/**
 * Amenities with icons, highlighted ones first, then the features the host ticked (a garden, a lift…) that no
 * amenity already names.
 */
export function PropertyAmenities({ property }: { property: TPropertyDetail }) {
  const amenities =
    property.amenityDetails.length > 0
      ? [...property.amenityDetails]
          .sort((a, b) => Number(b.isHighlighted) - Number(a.isHighlighted))
          .map((a) => ({ name: a.name, description: a.description }))
      : property.amenities.map((name) => ({ name, description: null }));
  const named = new Set(amenities.map((a) => a.name.toLocaleLowerCase("en-GB")));
  const features = property.features
    .filter((feature): feature is PropertyFeature => (PROPERTY_FEATURES as readonly string[]).includes(feature))
    .map((feature) => FEATURE_LABELS[feature])
    .filter((label) => !named.has(label.toLocaleLowerCase("en-GB")))
    .map((label) => ({ name: label, description: null }));
  const names = [...amenities, ...features];

  if (names.length === 0) {
    return <p className="text-muted-foreground">The host has not listed amenities yet.</p>;
  }

  return (
    <ul className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
      {names.map(({ name, description }) => {
        const Icon = amenityIcon(name);
        return (
          <li key={name} className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-ink-800">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="pt-2 text-sm">
              <span className="font-medium text-foreground">{name}</span>
              {description ? <span className="mt-0.5 block text-muted-foreground">{description}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
