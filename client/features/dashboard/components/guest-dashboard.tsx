import { ROLE_LABELS } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { DashboardPage } from "./dashboard-page";
import { FeaturedPropertiesPanel } from "./featured-properties-panel";
import { GuestSearchPanel, type SearchPanelSlots } from "./guest-search-panel";
import { GuestStatCards } from "./guest-stat-cards";
import { RecentActivityPanel } from "./recent-activity-panel";
import { VerificationReminder } from "./verification-summary";

/**
 * Welcome, the three figure cards, the search panel (location
 * autocomplete, budget, map), featured properties and recent activity. The location field and the map
 * belong to other features, so the route hands them in (`LocationField`, `MapView`).
 */
export function GuestDashboard({
  user,
  name,
  LocationField,
  MapView,
}: { user: TSessionUser; name: string } & SearchPanelSlots) {
  return (
    <DashboardPage
      badge={`${ROLE_LABELS.guest} Account`}
      name={name}
      intro="Your bookings, saved homes and the next London stay, all in one place."
    >
      <VerificationReminder user={user} />
      <GuestStatCards />
      <GuestSearchPanel LocationField={LocationField} MapView={MapView} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <FeaturedPropertiesPanel />
        <RecentActivityPanel />
      </div>
    </DashboardPage>
  );
}
