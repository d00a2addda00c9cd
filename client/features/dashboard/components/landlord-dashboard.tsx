import { ROLE_LABELS } from "@common/domain/roles";
import { Building2, CalendarDays, ShieldCheck, UserRound } from "lucide-react";
import { ComingSoonNote } from "./coming-soon-note";
import { DashboardPage, DashboardSection } from "./dashboard-page";
import { LinkCard } from "./link-card";

/**
 * Spec 2 "Landlord dashboard", first cut. Only approved, phone-verified landlords get here (the route wraps it in the
 * landlord feature gate); listing and analytics tools arrive with the landlord issue.
 */
export function LandlordDashboard({ name }: { name: string }) {
  return (
    <DashboardPage badge={ROLE_LABELS.landlord} name={name} intro="Your landlord account is approved and verified.">
      <ComingSoonNote title="Property management is on its way">
        Adding properties, your bookings, and revenue and occupancy analytics are being built and will appear on this
        dashboard.
      </ComingSoonNote>
      <DashboardSection title="Your account">
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <LinkCard
            to="/landlord/bookings"
            icon={CalendarDays}
            title="All bookings"
            text="Requests to answer, upcoming stays and booked revenue."
          />
          <LinkCard to="/profile" icon={UserRound} title="Profile" text="Your details, role and membership." />
          <LinkCard
            to="/verification-status"
            icon={ShieldCheck}
            title="Verification status"
            text="Email and phone verification, and what each unlocks."
          />
          <LinkCard
            to="/properties"
            icon={Building2}
            title="The marketplace"
            text="See the listings guests browse across London."
          />
        </div>
      </DashboardSection>
    </DashboardPage>
  );
}
