import { SavedPropertyControlsProvider } from "@/app/saved-property-controls";
import { PropertyActions } from "@/features/properties/public/components/property-actions";
import { defineIsland } from "@/lib/island";

/** Save and Share at the top of the listing; Save needs the saved list's wiring, as the featured cards do. */
export function ListingActions({ propertyId, title }: { propertyId: number; title: string }) {
  return (
    <SavedPropertyControlsProvider>
      <PropertyActions propertyId={propertyId} title={title} />
    </SavedPropertyControlsProvider>
  );
}

export const ListingActionsIsland = defineIsland("listing-actions", ListingActions);
