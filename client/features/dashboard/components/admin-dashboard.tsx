import { ROLE_LABELS } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { LogOut } from "lucide-react";
import { ADMIN_TOOLS } from "@/components/layouts/admin-page";
import { Button } from "@/components/ui/button";
import { AdminRecentActivity } from "./admin-recent-activity";
import { AdminStatCards } from "./admin-stat-cards";
import { DashboardPage, DashboardSection } from "./dashboard-page";
import { LinkCard } from "./link-card";
import { SystemStatusCard } from "./system-status-card";

/** The admin dashboard: platform figures, every admin tool, the services' state and what happened lately. */
export function AdminDashboard({
  user,
  name,
  fullName,
  onLogout,
  loggingOut,
}: {
  user: TSessionUser;
  name: string;
  fullName: string;
  /** POST /api/auth/logout, then "/". */
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <DashboardPage
      badge={ROLE_LABELS.admin}
      name={name}
      intro={
        <p>
          Signed in as <span className="font-medium text-foreground">{fullName}</span> ({user.email})
        </p>
      }
      actions={
        <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
          <LogOut aria-hidden="true" />
          {loggingOut ? "Logging out..." : "Logout"}
        </Button>
      }
    >
      <AdminStatCards />
      <DashboardSection title="Administration Tools">
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {ADMIN_TOOLS.map((tool) => (
            <li key={tool.to}>
              <LinkCard layout="row" to={tool.to} icon={tool.icon} title={tool.label} text={tool.description} />
            </li>
          ))}
        </ul>
      </DashboardSection>
      <div className="grid gap-6 lg:grid-cols-2">
        <SystemStatusCard />
        <AdminRecentActivity />
      </div>
    </DashboardPage>
  );
}
