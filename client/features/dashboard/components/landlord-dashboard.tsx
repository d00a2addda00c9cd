import { ROLE_LABELS } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { Plus } from "lucide-react";
import { AccountButtons } from "@/components/layouts/account-page";
import { Button } from "@/components/ui/button";
import { DashboardPage } from "./dashboard-page";
import { LandlordDashboardTabs } from "./landlord-dashboard-tabs";
import { LandlordStatCards } from "./landlord-stat-cards";
import type { AddPropertyDialogSlot } from "./slots";

/** The first name, else the part of the e-mail before the at-sign, else 'Landlord'. */
export function landlordGreetingName(user: Pick<TSessionUser, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email.split("@")[0]?.trim() || "Landlord";
}

/**
 * Welcome, Profile, Logout and Add Property; four figures that each lead to their page;
 * the Overview, Properties and Bookings tabs. Only approved, phone-verified landlords get here (the route wraps it in
 * the landlord feature gate, and the server checks the same on every landlord read).
 */
export function LandlordDashboard({
  user,
  AddPropertyDialog,
}: {
  user: Pick<TSessionUser, "firstName" | "email">;
  AddPropertyDialog: AddPropertyDialogSlot;
}) {
  return (
    <DashboardPage
      badge={ROLE_LABELS.landlord}
      name={landlordGreetingName(user)}
      intro="Your properties, bookings and earnings at a glance."
      actions={
        <>
          <AccountButtons />
          <AddPropertyDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Add Property
              </Button>
            }
          />
        </>
      }
    >
      <LandlordStatCards />
      <LandlordDashboardTabs AddPropertyDialog={AddPropertyDialog} />
    </DashboardPage>
  );
}
