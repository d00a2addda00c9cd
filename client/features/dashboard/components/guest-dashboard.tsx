import { ROLE_LABELS } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { Building2, Sparkles, UserRound } from "lucide-react";
import { ComingSoonNote } from "./coming-soon-note";
import { DashboardPage, DashboardSection } from "./dashboard-page";
import { LinkCard } from "./link-card";
import { VerificationReminder } from "./verification-summary";

/** Spec 1 §2 "Guest dashboard", first cut: welcome, verification reminder and ways to start looking. */
export function GuestDashboard({ user, name }: { user: TSessionUser; name: string }) {
  return (
    <DashboardPage
      badge={`${ROLE_LABELS.guest} Account`}
      name={name}
      intro="Find your next London stay: browse verified serviced homes, or plan a few evenings out."
    >
      <VerificationReminder user={user} />
      <DashboardSection title="Start exploring">
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <LinkCard
            to="/properties"
            icon={Building2}
            title="Browse properties"
            text="Every listing, with filters for area and nightly budget."
          />
          <LinkCard
            to="/experiences"
            icon={Sparkles}
            title="London experiences"
            text="Theatre, dining and gallery evenings to go with your stay."
          />
          <LinkCard to="/profile" icon={UserRound} title="Your profile" text="Your details and verification status." />
        </div>
      </DashboardSection>
      <ComingSoonNote title="Bookings and saved homes are on their way">
        Your bookings, saved properties and recent activity will appear on this page as soon as booking opens on
        StayLondon.
      </ComingSoonNote>
    </DashboardPage>
  );
}
