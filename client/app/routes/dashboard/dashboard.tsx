import { ROLES, type Role } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { CircleHelp, ShieldX } from "lucide-react";
import { lazy, Suspense } from "react";
import { SignInRequired, StatusPanel } from "@/components/ui/status-panel";
import { useAuth, useLogout } from "@/features/auth/api/session";
import { AccessGate } from "@/features/auth/components/access-gate";
import { gateVerdict } from "@/features/auth/utils/gate-verdict";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { displayName, fullName } from "@/lib/user-names";

// One chunk per role: a guest never downloads the admin dashboard.
// Features never import each other, so the guest dashboard gets the places autocomplete and the map here.
const GuestDashboard = lazy(async () => {
  const [dashboard, places, map] = await Promise.all([
    import("@/features/dashboard/components/guest-dashboard"),
    import("@/features/places/components/place-combobox"),
    import("@/components/map/location-map"),
  ]);
  return {
    default: (props: { user: TSessionUser; name: string }) => (
      <dashboard.GuestDashboard {...props} LocationField={places.PlaceCombobox} MapView={map.LocationMap} />
    ),
  };
});
// The landlord dashboard opens the Add New Property dialog of the landlord-properties feature.
const LandlordDashboard = lazy(async () => {
  const [dashboard, dialog] = await Promise.all([
    import("@/features/dashboard/components/landlord-dashboard"),
    import("@/features/properties/landlord/components/add-property-dialog"),
  ]);
  return {
    default: (props: { user: TSessionUser }) => (
      <dashboard.LandlordDashboard {...props} AddPropertyDialog={dialog.AddPropertyDialog} />
    ),
  };
});
type StaffProps = { name: string };
// The contractor's work is the maintenance feature's: their jobs, history and earnings, in the dashboard's frame.
const ContractorDashboard = lazy(async () => {
  const [staff, workspace] = await Promise.all([
    import("@/features/dashboard/components/staff-dashboard"),
    import("@/features/maintenance/components/contractor/contractor-workspace"),
  ]);
  return {
    default: ({ name }: StaffProps) => (
      <staff.StaffDashboard area="contractor" name={name}>
        <workspace.ContractorWorkspace />
      </staff.StaffDashboard>
    ),
  };
});
// The manager dashboard shows its properties; the bookings feature gives it the bookings tab, the maintenance feature
// the jobs (a tab, a property's jobs, Schedule Maintenance) and the conversations feature its threads with owners.
const ManagerDashboard = lazy(async () => {
  const [staff, workspace, bookings, maintenance, schedule, threads] = await Promise.all([
    import("@/features/dashboard/components/staff-dashboard"),
    import("@/features/manager-dashboard/components/manager-workspace"),
    import("@/features/bookings/manager/components/managed-bookings-tab"),
    import("@/features/maintenance/components/maintenance-lists"),
    import("@/features/maintenance/components/schedule-maintenance-button"),
    import("@/features/conversations/components/manager-threads-panel"),
  ]);
  return {
    default: ({ name }: StaffProps) => (
      <staff.StaffDashboard area="property_manager" name={name}>
        <workspace.ManagerWorkspace
          BookingsTab={bookings.ManagedBookingsTab}
          MaintenanceTab={maintenance.ManagerMaintenanceTab}
          PropertyJobs={maintenance.AssignedPropertyJobs}
          ScheduleMaintenance={schedule.ScheduleMaintenanceButton}
          ThreadsPanel={threads.ManagerThreadsPanel}
        />
      </staff.StaffDashboard>
    ),
  };
});
const AdminDashboard = lazy(() =>
  import("@/features/dashboard/components/admin-dashboard").then((m) => ({ default: m.AdminDashboard })),
);

function DashboardLoading() {
  return (
    <div role="status" className="container-page flex flex-1 flex-col items-center justify-center gap-4 py-24">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
      />
      <p className="text-muted-foreground">Loading Dashboard...</p>
    </div>
  );
}

function AccessDenied() {
  return (
    <SignInRequired icon={<ShieldX />} tone="danger" title="Access Denied">
      Please log in to access your dashboard.
    </SignInRequired>
  );
}

function UnknownRole() {
  return (
    <StatusPanel icon={<CircleHelp />} tone="warning" title="Unknown Role">
      <p>Your account role is not recognized. Please contact support.</p>
    </StatusPanel>
  );
}

function isKnownRole(role: string): role is Role {
  return (ROLES as readonly string[]).includes(role);
}

function RoleDashboard({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  const name = displayName(user);
  const role: string = user.role;
  if (!isKnownRole(role)) return <UnknownRole />;
  switch (role) {
    case "guest":
      return <GuestDashboard user={user} name={name} />;
    case "landlord":
      return (
        <AccessGate verdict={gateVerdict({ status: "authenticated", user }, ["read", "property"])}>
          <LandlordDashboard user={user} />
        </AccessGate>
      );
    case "property_manager":
      return <ManagerDashboard name={name} />;
    case "contractor":
      return <ContractorDashboard name={name} />;
    case "admin":
      return (
        <AdminDashboard
          user={user}
          name={name}
          fullName={fullName(user)}
          onLogout={() => logout.mutate()}
          loggingOut={logout.isPending}
        />
      );
  }
}

/** /dashboard: the dashboard of the signed-in user's role. */
export function Component() {
  useDocumentTitle("Dashboard");
  const auth = useAuth();
  if (auth.status === "loading") return <DashboardLoading />;
  if (auth.status === "anonymous") return <AccessDenied />;
  return (
    <Suspense fallback={<DashboardLoading />}>
      <RoleDashboard user={auth.user} />
    </Suspense>
  );
}
