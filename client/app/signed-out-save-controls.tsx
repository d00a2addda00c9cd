import type * as React from "react";
import { useMemo } from "react";
import {
  type SavedPropertyControls,
  SavedPropertyControlsContext,
} from "@/features/properties/public/hooks/saved-property-controls";
import { askToSignIn } from "@/features/saved-properties/hooks/save-prompts";
import { useSiteNavigate } from "@/lib/client-navigation";

/**
 * The hearts' controls on a page the server drew for a signed-out visitor: nothing is saved, and a heart asks them to
 * sign in, as SavedPropertyControlsProvider would. It needs neither the session's code nor the saved list's, so such
 * a page does without the query cache until something on it reads data.
 */
export function SignedOutSaveControlsProvider({ children }: { children: React.ReactNode }) {
  const navigate = useSiteNavigate();
  const controls = useMemo<SavedPropertyControls>(
    () => ({ isSaved: () => false, isBusy: () => false, toggle: () => askToSignIn(navigate) }),
    [navigate],
  );
  return <SavedPropertyControlsContext value={controls}>{children}</SavedPropertyControlsContext>;
}
