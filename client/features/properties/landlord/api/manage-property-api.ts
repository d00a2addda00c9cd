import type { PropertyStatus } from "@common/domain/property-options";
import {
  type TManagedPhoto,
  type TManagedProperty,
  type TPricingRuleInput,
  ZCalendarMonth,
  ZManagedPhotos,
  ZManagedProperty,
  ZNightsChanged,
  ZPricingRule,
  ZPricingRules,
} from "@common/schemas/landlord-properties";
import type { TUpdateProperty } from "@common/schemas/property-form";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";
import { PROPERTY_READ_ROOTS, refreshReads } from "../../api/property-reads";
import { type UploadProgress, uploadPhotoFiles } from "./photo-uploads";

/**
 * The manage page's calls. Every route answers 404 to anyone but the owner or an admin.
 * Keys follow the shared convention: ["landlord","property",id] and its calendar months and pricing rules.
 */
export const manageKeys = {
  property: (id: string) => ["landlord", "property", id] as const,
  calendarAll: (id: string) => ["landlord", "property", id, "calendar"] as const,
  calendar: (id: string, month: string) => ["landlord", "property", id, "calendar", month] as const,
  pricingRules: (id: string) => ["landlord", "property", id, "pricing-rules"] as const,
};

export const propertyApiPath = (id: string) => `/api/properties/${encodeURIComponent(id)}`;

/** After any landlord write: the landlord's lists and figures, and the public lists and detail pages. */
async function refreshAfterWrite(queryClient: QueryClient) {
  await refreshReads(queryClient, [
    PROPERTY_READ_ROOTS.landlord,
    PROPERTY_READ_ROOTS.analytics,
    PROPERTY_READ_ROOTS.public,
  ]);
}

export function useManagedProperty(id: string, enabled: boolean) {
  return useQuery({
    queryKey: manageKeys.property(id),
    queryFn: ({ signal }) => getJson(`${propertyApiPath(id)}/manage`, ZManagedProperty, { signal }),
    enabled,
    // A 404 means "not yours or not there": asking again will not change that.
    retry: false,
  });
}

/** The mutations that answer the whole property put it in the cache at once, then refresh the rest. */
function usePropertyWrite<TInput>(id: string, send: (input: TInput) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => parseJson(await send(input), ZManagedProperty),
    onSuccess: async (property) => {
      queryClient.setQueryData(manageKeys.property(id), property);
      await refreshAfterWrite(queryClient);
    },
  });
}

export function useUpdateProperty(id: string) {
  return usePropertyWrite(id, (input: TUpdateProperty) => apiRequest("PUT", propertyApiPath(id), input));
}

/** Records the planning permission for short lets beyond London's yearly limit, or clears it (null). */
export function useShortLetPermission(id: string) {
  return usePropertyWrite(id, (permission: string | null) =>
    apiRequest("PUT", `${propertyApiPath(id)}/short-let-permission`, { permission }),
  );
}

export function useChangePropertyStatus(id: string) {
  return usePropertyWrite(id, (status: PropertyStatus) =>
    apiRequest("POST", `${propertyApiPath(id)}/status`, { status }),
  );
}

export type PhotoChange =
  | { kind: "add-url"; url: string }
  | { kind: "order"; photoIds: number[] }
  | { kind: "main"; photoId: number }
  | { kind: "remove"; photoId: number };

function sendPhotoChange(id: string, change: PhotoChange): Promise<Response> {
  switch (change.kind) {
    case "add-url":
      return apiRequest("POST", `${propertyApiPath(id)}/photos`, { url: change.url });
    case "order":
      return apiRequest("PUT", `${propertyApiPath(id)}/photos/order`, { photoIds: change.photoIds });
    case "main":
      return apiRequest("PUT", `${propertyApiPath(id)}/photos/${change.photoId}/main`, {});
    case "remove":
      return apiRequest("DELETE", `${propertyApiPath(id)}/photos/${change.photoId}`);
  }
}

/** Every photo call answers the property's photos in order; they replace the cached list. */
export function usePhotoChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PhotoChange) => parseJson(await sendPhotoChange(id, change), ZManagedPhotos),
    onSuccess: async (photos: TManagedPhoto[]) => {
      queryClient.setQueryData<TManagedProperty>(manageKeys.property(id), (old) => (old ? { ...old, photos } : old));
      await refreshAfterWrite(queryClient);
    },
  });
}

/**
 * Device photos, with progress: straight to the photo store or through the app, as the server says
 * (api/photo-uploads.ts). The photos added so far replace the cached list even when some files were refused.
 */
export function usePhotoUpload(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress: (progress: UploadProgress) => void }) =>
      uploadPhotoFiles(propertyApiPath(id), files, onProgress),
    onSuccess: async ({ photos }) => {
      if (!photos) return;
      queryClient.setQueryData<TManagedProperty>(manageKeys.property(id), (old) => (old ? { ...old, photos } : old));
      await refreshAfterWrite(queryClient);
    },
  });
}

export function useCalendarMonth(id: string, month: string, enabled: boolean) {
  return useQuery({
    queryKey: manageKeys.calendar(id, month),
    queryFn: ({ signal }) =>
      getJson(`${propertyApiPath(id)}/calendar?month=${encodeURIComponent(month)}`, ZCalendarMonth, { signal }),
    enabled,
  });
}

export type NightsChange = { action: "block"; from: string; to: string; note?: string } | UnblockNights;
type UnblockNights = { action: "unblock"; from: string; to: string };

/** Block (POST) or unblock (DELETE) the nights from `from` to `to`, both included. */
export function useChangeNights(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: NightsChange) => {
      const res =
        change.action === "block"
          ? await apiRequest("POST", `${propertyApiPath(id)}/blocked-nights`, {
              from: change.from,
              to: change.to,
              ...(change.note ? { note: change.note } : {}),
            })
          : await apiRequest(
              "DELETE",
              `${propertyApiPath(id)}/blocked-nights?from=${encodeURIComponent(change.from)}&to=${encodeURIComponent(change.to)}`,
            );
      return parseJson(res, ZNightsChanged);
    },
    // Also after a 409: the calendar should show what holds the nights now.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: manageKeys.calendarAll(id) }),
        refreshAfterWrite(queryClient),
      ]);
    },
  });
}

export function usePricingRules(id: string, enabled: boolean) {
  return useQuery({
    queryKey: manageKeys.pricingRules(id),
    queryFn: ({ signal }) => getJson(`${propertyApiPath(id)}/pricing-rules`, ZPricingRules, { signal }),
    enabled,
  });
}

export type PricingRuleChange =
  | { kind: "create"; input: TPricingRuleInput }
  | { kind: "update"; ruleId: number; input: TPricingRuleInput }
  | { kind: "delete"; ruleId: number };

/** A rule changes the nightly prices, so the calendar months read again too. */
export function usePricingRuleChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PricingRuleChange) => {
      if (change.kind === "delete") {
        await apiRequest("DELETE", `${propertyApiPath(id)}/pricing-rules/${change.ruleId}`);
        return null;
      }
      const res =
        change.kind === "create"
          ? await apiRequest("POST", `${propertyApiPath(id)}/pricing-rules`, change.input)
          : await apiRequest("PUT", `${propertyApiPath(id)}/pricing-rules/${change.ruleId}`, change.input);
      return parseJson(res, ZPricingRule);
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: manageKeys.pricingRules(id) }),
        queryClient.invalidateQueries({ queryKey: manageKeys.calendarAll(id) }),
        refreshAfterWrite(queryClient),
      ]);
    },
  });
}
