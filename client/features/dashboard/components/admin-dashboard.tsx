import { ROLE_LABELS } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { ArrowRight, LogOut, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ComingSoonNote } from "./coming-soon-note";
import { DashboardPage } from "./dashboard-page";

/** Spec 2 "Admin dashboard", first cut: who is signed in, Logout, and the landlord approvals queue. */
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
  /** POST /api/auth/logout, then "/" (spec 2 §7). */
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
      <Link
        to="/admin/landlord-approval"
        className="group flex flex-col gap-5 rounded-3xl bg-ink-800 p-8 text-ivory shadow-lift transition-colors hover:bg-ink-700 sm:flex-row sm:items-center sm:justify-between sm:p-10"
      >
        <span className="flex items-start gap-5">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white/10 text-brass-300">
            <UserCheck aria-hidden="true" className="size-6" />
          </span>
          <span>
            <span className="block font-display text-2xl font-medium">Landlord Approvals</span>
            <span className="mt-1 block text-ivory/80">
              Review new landlord applications and approve them to let them list properties.
            </span>
          </span>
        </span>
        <span className="inline-flex items-center gap-2 self-start rounded-full bg-ivory px-5 py-2.5 text-sm font-medium text-ink-800 sm:self-auto">
          Open approvals
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </Link>
      <ComingSoonNote title="More administration tools are coming">
        Platform statistics, user and role management, property and booking oversight, analytics and system logs will be
        added to this dashboard.
      </ComingSoonNote>
    </DashboardPage>
  );
}
