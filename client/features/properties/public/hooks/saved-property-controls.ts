import { createContext, use } from "react";

/**
 * Saving is the saved-properties feature's business and needs the signed-in user; the app provides these controls
 * (client/app/saved-property-controls.tsx) so that this feature depends on neither. Kept apart from the heart button
 * so the app-wide provider does not pull the button's tooltip into the first page load.
 */
export type SavedPropertyControls = {
  isSaved: (propertyId: number) => boolean;
  isBusy: (propertyId: number) => boolean;
  toggle: (property: { id: number; title: string }) => void;
};

const inert: SavedPropertyControls = { isSaved: () => false, isBusy: () => false, toggle: () => {} };

export const SavedPropertyControlsContext = createContext<SavedPropertyControls>(inert);

export function useSavedPropertyControls(): SavedPropertyControls {
  return use(SavedPropertyControlsContext);
}
