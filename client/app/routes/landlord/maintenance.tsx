import { LayoutDashboard } from "lucide-react";
import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { OwnerMaintenanceBoard } from "@/features/maintenance/components/maintenance-lists";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /landlord/maintenance: every maintenance job on all of a landlord's properties in one list, so an owner of many
 * listings need not open each one's manage page to see what is waiting. Landlords with their features open (approved,
 * phone verified) and admins, as the server checks on every job.
 */
export function Component() {
  useDocumentTitle("Maintenance");
  const access = useLandlordAccess(["manage", "maintenance-job"]);
  return (
    <LandlordArea access={access} feature="property management">
      <AccountPage
        eyebrow="Your properties"
        title="Maintenance"
        intro={<p>Problems reported at your properties, the work scheduled for them, and what is paid.</p>}
        actions={
          <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline">
            Dashboard
          </LinkButton>
        }
      >
        <OwnerMaintenanceBoard />
      </AccountPage>
    </LandlordArea>
  );
}
