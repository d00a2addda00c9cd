import type { TCreateProperty } from "@common/schemas/property-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { PROPERTY_READ_ROOTS, refreshReads } from "../../api/property-reads";

export type CreatePropertyInput = {
  /** The checked form after the before-sending rules, with the photos added by address. */
  property: TCreateProperty;
  /** Photos chosen from the device, in the order shown. */
  files: File[];
};

/**
 * POST /api/properties. With device photos it goes as multipart: `property` holds the JSON and each file is a
 * `photos` part (the server puts them before the photos by address); otherwise plain JSON.
 */
export async function createProperty({ property, files }: CreatePropertyInput): Promise<void> {
  if (files.length === 0) {
    await apiRequest("POST", "/api/properties", property);
    return;
  }
  const form = new FormData();
  form.append("property", JSON.stringify(property));
  for (const file of files) form.append("photos", file, file.name);
  await apiRequest("POST", "/api/properties", form);
}

/** The answer is not read; every list that may show the new property reads again. */
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    onSuccess: () => {
      // Not awaited: the dialog closes at once while the lists read again behind it.
      const roots = PROPERTY_READ_ROOTS;
      void refreshReads(queryClient, [roots.landlord, roots.analytics, roots.public, roots.dashboard]);
    },
  });
}
