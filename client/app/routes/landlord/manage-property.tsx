import { useParams } from "react-router";
import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { ManageCertificatesNotice } from "@/features/certificates/components/manage-certificates-notice";
import { ManagerThreadView } from "@/features/conversations/components/thread-view";
import { PropertyMaintenanceSection } from "@/features/maintenance/components/maintenance-lists";
import { PayoutsNotReadyNotice } from "@/features/payouts/components/payouts-not-ready-notice";
import { useManagedProperty } from "@/features/properties/landlord/api/manage-property-api";
import {
  ManagePropertyPage,
  type ManagePropertyState,
} from "@/features/properties/landlord/components/manage/manage-property-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";
import { reloadPage } from "@/lib/query-state";

/** A property id or slug as the API accepts it (common/schemas/properties ZPropertyRef). */
const PROPERTY_REF = /^(\d+|[a-z0-9]+(-[a-z0-9]+)*)$/;

/**
 * /properties/{id}/manage: only the owner (an approved landlord with a verified phone, the
 * feature gate 'property management') or an admin. The server answers 404 to everyone else, shown as
 * 'Property not found' with nothing of the property on screen.
 */
export function Component() {
  const { id = "" } = useParams();
  const access = useLandlordAccess(["update", "property"]);
  const validRef = id.length <= 120 && PROPERTY_REF.test(id);
  const query = useManagedProperty(id, access.allowed && validRef);
  const notFound = !validRef || isApiError(query.error, 404) || isApiError(query.error, 400);

  useDocumentTitle(notFound ? "Property not found" : query.data ? `Manage ${query.data.title}` : "Manage property");

  const state: ManagePropertyState = notFound
    ? { status: "not-found" }
    : query.isPending
      ? { status: "loading" }
      : query.isError
        ? { status: "error", retry: reloadPage, retrying: false }
        : { status: "ready", property: query.data, propertyRef: id };

  // Whether payouts are set up is the owner's own state: an admin looking at someone's listing is not told theirs.
  const ownerViewing =
    query.data !== undefined &&
    query.data.ownerId === access.user?.id &&
    access.user.permissions.includes("read:payout:own");
  // The conversation with the property's manager, the property's maintenance jobs and the payouts notice come from
  // their own features.
  const page = (
    <ManagePropertyPage
      state={state}
      ThreadView={ManagerThreadView}
      MaintenanceSection={PropertyMaintenanceSection}
      notice={
        <>
          {ownerViewing ? <PayoutsNotReadyNotice /> : null}
          {state.status === "ready" && query.data?.ownerId === access.user?.id ? (
            <ManageCertificatesNotice propertyRef={id} />
          ) : null}
        </>
      }
    />
  );
  return (
    <LandlordArea access={access} feature="property management">
      {page}
    </LandlordArea>
  );
}
