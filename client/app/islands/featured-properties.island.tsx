import { SavedPropertyControlsProvider } from "@/app/saved-property-controls";
import { FeaturedProperties } from "@/features/properties/public/components/featured-properties";
import { defineIsland } from "@/lib/island";

/**
 * The featured listings with their save buttons: as an island the hearts need the saved list's wiring, which the
 * client app otherwise gives every page.
 */
export function FeaturedPropertiesWithSaving() {
  return (
    <SavedPropertyControlsProvider>
      <FeaturedProperties />
    </SavedPropertyControlsProvider>
  );
}

export const FeaturedPropertiesIsland = defineIsland("featured-properties", FeaturedPropertiesWithSaving);
