import type { TComplianceFacts } from "@common/entities/certificate";
import { ZCertificateVault, ZLapsedCertificates } from "@common/schemas/certificates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

/** The certificate vault of one property, the listing's certificate section and the admins' lapsed list. */
const vaultUrl = (id: string) => `/api/properties/${encodeURIComponent(id)}/certificates`;
export const vaultKey = (id: string) => ["certificates", "vault", id] as const;

export function useCertificateVault(id: string, enabled: boolean) {
  return useQuery({
    queryKey: vaultKey(id),
    queryFn: ({ signal }) => getJson(vaultUrl(id), ZCertificateVault, { signal }),
    enabled,
    retry: false,
  });
}

/** Both writes answer the whole vault, which replaces what is shown. */
function useVaultWrite<TInput>(id: string, send: (input: TInput) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => parseJson(await send(input), ZCertificateVault),
    onSuccess: (vault) => {
      queryClient.setQueryData(vaultKey(id), vault);
      void queryClient.invalidateQueries({ queryKey: ["certificates", "listing"] });
    },
  });
}

export function useSaveComplianceFacts(id: string) {
  return useVaultWrite(id, (facts: TComplianceFacts) => apiRequest("PUT", `${vaultUrl(id)}/facts`, facts));
}

export function useUploadCertificate(id: string) {
  return useVaultWrite(id, (form: FormData) => apiRequest("POST", vaultUrl(id), form));
}

export const certificateDocumentUrl = (id: string, certificateId: number) =>
  `${vaultUrl(id)}/${certificateId}/document`;

export function useLapsedCertificates(enabled: boolean) {
  return useQuery({
    queryKey: ["certificates", "lapsed"],
    queryFn: ({ signal }) => getJson("/api/admin/certificates/lapsed", ZLapsedCertificates, { signal }),
    enabled,
  });
}
