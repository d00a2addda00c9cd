import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { useMyProperties } from "@/features/properties/landlord/api/my-properties-api";
import { MyPropertiesPage } from "@/features/properties/landlord/components/my-properties-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/**
 * /landlord/properties: landlords (and admins, who see every landlord's) only; a
 * landlord also passes the feature gate 'property management' (approved, phone verified), as the server checks.
 */
export function Component() {
  useDocumentTitle("My Properties");
  const access = useLandlordAccess();
  const properties = useMyProperties(access.allowed);

  return (
    <LandlordArea access={access} feature="property management">
      <MyPropertiesPage state={queryPageState(properties)} />
    </LandlordArea>
  );
}
