import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { useMyProperties } from "@/features/landlord-properties/api/my-properties-api";
import { MyPropertiesPage } from "@/features/landlord-properties/components/my-properties-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /landlord/properties (spec 2 "Landlord My Properties"): landlords (and admins, who see every landlord's) only; a
 * landlord also passes the feature gate 'property management' (approved, phone verified), as the server checks.
 */
export function Component() {
  useDocumentTitle("My Properties");
  const access = useLandlordAccess();
  const properties = useMyProperties(access.allowed);

  const page = (
    <MyPropertiesPage
      state={
        properties.isPending
          ? { status: "loading" }
          : properties.isError
            ? { status: "error", retry: () => void properties.refetch(), retrying: properties.isFetching }
            : { status: "ready", properties: properties.data }
      }
    />
  );
  return (
    <LandlordArea access={access} feature="property management">
      {page}
    </LandlordArea>
  );
}
