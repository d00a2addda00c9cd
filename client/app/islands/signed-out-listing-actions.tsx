import { SignedOutSaveControlsProvider } from "@/app/signed-out-save-controls";
import { PropertyActions } from "@/features/properties/public/components/property-actions";

/**
 * The listing's Save and Share for a visitor the page was drawn for signed out: the same markup as ListingActions
 * (nothing saved yet), without the session's and the saved list's code.
 */
export function SignedOutListingActions({ propertyId, title }: { propertyId: number; title: string }) {
  return (
    <SignedOutSaveControlsProvider>
      <PropertyActions propertyId={propertyId} title={title} />
    </SignedOutSaveControlsProvider>
  );
}
