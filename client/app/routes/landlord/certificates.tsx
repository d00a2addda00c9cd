import { useParams } from "react-router";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { useCertificateVault } from "@/features/certificates/api/certificates-api";
import { CertificateVault } from "@/features/certificates/components/certificate-vault-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";
import { reloadPage } from "@/lib/query-state";

/**
 * /properties/{id}/certificates: the certificate vault, for the property's owner (features open) and its current
 * manager. The server answers 404 to anyone else, shown as "Property not found".
 */
export function Component() {
  const { id = "" } = useParams();
  const access = useAccess(["manage", "certificate"]);
  const query = useCertificateVault(id, access.allowed);
  const notFound = isApiError(query.error, 404) || isApiError(query.error, 400);
  useDocumentTitle(notFound ? "Property not found" : query.data ? `Certificates: ${query.data.title}` : "Certificates");
  return (
    <AccessGate verdict={access.verdict} feature="property management">
      {query.data ? (
        <CertificateVault vault={query.data} propertyRef={id} />
      ) : notFound ? (
        <div className="mx-auto max-w-xl p-10 text-center">
          <h1 className="font-display text-3xl">Property not found</h1>
        </div>
      ) : query.isError ? (
        <LoadErrorAlert
          title="Failed to load the certificates"
          onRetry={reloadPage}
          retryLabel="Retry"
          retrying={false}
          announce
          centred
        />
      ) : (
        <LoadingBlock label="Loading the certificates…">
          <div className="mx-auto h-64 max-w-5xl p-10" />
        </LoadingBlock>
      )}
    </AccessGate>
  );
}
