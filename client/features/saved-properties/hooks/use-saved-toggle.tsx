import type { TSavedProperty } from "@common/schemas/saved-properties";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import {
  addToCachedList,
  dropFromCachedList,
  refreshAfterSavedChange,
  removeSavedProperty,
  savedPropertiesKeys,
  saveProperty,
  useSavedProperties,
} from "../api/saved-properties";
import { askToSignIn, askToVerify, ToastLink } from "./save-prompts";

/** Who is looking, as far as saving goes (the app passes it in: features do not read each other's state). */
export type SaveViewer =
  | { status: "loading" }
  | { status: "anonymous" }
  | { status: "authenticated"; userId: number; emailVerified: boolean };

export type SavedToggle = {
  isSaved: (propertyId: number) => boolean;
  /** A save or removal of this property is on its way; further clicks wait for it. */
  isBusy: (propertyId: number) => boolean;
  toggle: (property: { id: number; title: string }) => void;
};

type Change = { property: { id: number; title: string }; save: boolean };

/**
 * The hearts and Save buttons of every page: one cached list of the user's saved properties, optimistic toggles
 * that roll back on failure, and a word to those who cannot save yet (signed out, e-mail not verified).
 */
export function useSavedToggle({
  viewer,
  goTo,
  onSignedOut,
}: {
  viewer: SaveViewer;
  /** Client-side navigation for the links in toasts (toasts live outside the router). */
  goTo: (path: string) => void;
  /** The session has ended behind the page's back: re-read who is signed in. */
  onSignedOut: () => void;
}): SavedToggle {
  const queryClient = useQueryClient();
  const canSave = viewer.status === "authenticated" && viewer.emailVerified;
  const saved = useSavedProperties({ enabled: canSave });
  // What each in-flight change will make true, shown before the server answers.
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());

  useResetListOnUserChange(viewer);

  const savedIds = useMemo(
    () => new Set((canSave ? saved.data : undefined)?.map((i) => i.property.id)),
    [canSave, saved.data],
  );

  const settle = useCallback((propertyId: number) => {
    setPending((current) => {
      const next = new Map(current);
      next.delete(propertyId);
      return next;
    });
  }, []);

  const mutation = useMutation({
    mutationFn: ({ property, save }: Change): Promise<TSavedProperty | undefined> =>
      save ? saveProperty(property.id) : removeSavedProperty(property.id).then(() => undefined),
    onSuccess: (item, { property, save }) => {
      if (item) addToCachedList(queryClient, item);
      else dropFromCachedList(queryClient, property.id);
      void refreshAfterSavedChange(queryClient);
      toast(
        save
          ? {
              title: "Property saved",
              description: (
                <>
                  {property.title} is in your{" "}
                  <ToastLink to="/saved-properties" goTo={goTo}>
                    Saved Properties
                  </ToastLink>
                  .
                </>
              ),
            }
          : { title: "Property removed", description: `${property.title} is no longer in your saved list.` },
      );
    },
    onError: (error, { save }) => {
      if (isApiError(error, 401)) {
        onSignedOut();
        askToSignIn(goTo);
      } else if (refusedForUnverifiedEmail(error)) {
        onSignedOut();
        askToVerify(goTo);
      } else {
        toast({
          variant: "destructive",
          title: "Error",
          description: serverMessageOf(error, save ? "Failed to save property" : "Failed to remove property"),
        });
      }
    },
    onSettled: (_data, _error, { property }) => settle(property.id),
  });

  const isSaved = useCallback(
    (propertyId: number) => pending.get(propertyId) ?? savedIds.has(propertyId),
    [pending, savedIds],
  );
  const isBusy = useCallback((propertyId: number) => pending.has(propertyId), [pending]);

  const { mutate } = mutation;
  const toggle = useCallback(
    (property: { id: number; title: string }) => {
      if (viewer.status === "loading" || pending.has(property.id)) return;
      if (viewer.status === "anonymous") return askToSignIn(goTo);
      if (!viewer.emailVerified) return askToVerify(goTo);
      const save = !isSaved(property.id);
      setPending((current) => new Map(current).set(property.id, save));
      mutate({ property, save });
    },
    [viewer, pending, isSaved, mutate, goTo],
  );

  return useMemo(() => ({ isSaved, isBusy, toggle }), [isSaved, isBusy, toggle]);
}

/** The cached list belongs to whoever was signed in when it was read: another user starts afresh. */
function useResetListOnUserChange(viewer: SaveViewer) {
  const queryClient = useQueryClient();
  const lastUser = useRef<number | null | undefined>(undefined);
  const user = viewer.status === "authenticated" ? viewer.userId : viewer.status === "anonymous" ? null : undefined;
  useEffect(() => {
    if (user === undefined) return;
    if (lastUser.current !== undefined && lastUser.current !== user) {
      void queryClient.resetQueries({ queryKey: savedPropertiesKeys.list, exact: true });
    }
    lastUser.current = user;
  }, [user, queryClient]);
}

/** The 403 of the feature access rule when the e-mail is not verified (verified elsewhere, then changed, say). */
function refusedForUnverifiedEmail(error: unknown): boolean {
  if (!isApiError(error, 403)) return false;
  try {
    const body: unknown = JSON.parse(error.body);
    return Boolean(body && typeof body === "object" && "requiresEmailVerification" in body);
  } catch {
    return false;
  }
}
