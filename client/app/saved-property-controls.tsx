import type * as React from "react";
import { useMemo } from "react";
import { useAuth } from "@/features/auth/api/session";
import { SavedPropertyControlsContext } from "@/features/properties/public/hooks/saved-property-controls";
import { type SaveViewer, useSavedToggle } from "@/features/saved-properties/hooks/use-saved-toggle";
import { useSiteNavigate } from "@/lib/client-navigation";

/**
 * Wires the hearts (properties feature) to the user's saved list (saved-properties feature) and the session (auth
 * feature): features never import each other, so the app composes them here, once for every page of the client app
 * and once for each island with hearts. A visitor asked to sign in goes there through the router when there is one.
 */
export function SavedPropertyControlsProvider({ children }: { children: React.ReactNode }) {
  const navigate = useSiteNavigate();
  const auth = useAuth();
  const userId = auth.user?.id;
  const emailVerified = auth.user?.emailVerified ?? false;
  const viewer = useMemo<SaveViewer>(
    () =>
      auth.status === "authenticated" && userId !== undefined
        ? { status: "authenticated", userId, emailVerified }
        : { status: auth.status === "loading" ? "loading" : "anonymous" },
    [auth.status, userId, emailVerified],
  );
  const controls = useSavedToggle({ viewer, goTo: navigate, onSignedOut: () => void auth.refresh() });
  return <SavedPropertyControlsContext value={controls}>{children}</SavedPropertyControlsContext>;
}
