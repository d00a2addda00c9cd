import { SavedPropertyControlsProvider } from "@/app/saved-property-controls";
import { PropertyActions } from "@/features/properties/public/components/property-actions";
import { useSiteNavigate } from "@/lib/client-navigation";
import { defineIsland } from "@/lib/island";

/** Save and Share at the top of the listing; Save needs the saved list's wiring, as the featured cards do. */
export function ListingActions({ propertyId, title }: { propertyId: number; title: string }) {
  const navigate = useSiteNavigate();
  return (
    <SavedPropertyControlsProvider navigate={navigate}>
      <PropertyActions propertyId={propertyId} title={title} />
    </SavedPropertyControlsProvider>
  );
}

export const ListingActionsIsland = defineIsland("listing-actions", ListingActions);
