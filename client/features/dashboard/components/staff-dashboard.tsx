import { ROLE_LABELS } from "@common/domain/roles";
import { ShieldCheck, UserRound } from "lucide-react";
import { ComingSoonNote } from "./coming-soon-note";
import { DashboardPage, DashboardSection } from "./dashboard-page";
import { LinkCard } from "./link-card";

const STAFF_AREAS = {
  property_manager: {
    intro: "Coordinate the properties you manage, their bookings and maintenance.",
    comingSoon:
      "Your managed properties, their bookings, maintenance requests and messages with owners will appear here once the property manager tools are built.",
  },
  contractor: {
    intro: "Maintenance jobs, your schedule and your earnings, in one place.",
    comingSoon:
      "Active and scheduled jobs, your job history and earnings will appear here once the contractor tools are built.",
  },
} as const;

/** The property manager and contractor dashboards, first cut: who you are, and an honest note on what is coming. */
export function StaffDashboard({ role, name }: { role: keyof typeof STAFF_AREAS; name: string }) {
  const area = STAFF_AREAS[role];
  return (
    <DashboardPage badge={ROLE_LABELS[role]} name={name} intro={area.intro}>
      <ComingSoonNote title="Your tools are coming soon">{area.comingSoon}</ComingSoonNote>
      <DashboardSection title="Your account">
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <LinkCard to="/profile" icon={UserRound} title="Profile" text="Your details, role and membership." />
          <LinkCard
            to="/verification-status"
            icon={ShieldCheck}
            title="Verification status"
            text="Email and phone verification."
          />
        </div>
      </DashboardSection>
    </DashboardPage>
  );
}
