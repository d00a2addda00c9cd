import { ROLE_LABELS } from "@common/domain/roles";
import type * as React from "react";
import { DashboardPage } from "./dashboard-page";

const STAFF_INTROS = {
  property_manager: "The properties you manage, their bookings and maintenance, and your messages with owners.",
  contractor: "Jobs offered to you, your schedule, your history and your earnings.",
} as const;

/**
 * The property manager and contractor dashboards' frame: role badge, welcome and account buttons. The work itself
 * (the manager's properties, the contractor's jobs) comes from the features that own it; the route puts it inside.
 */
export function StaffDashboard({
  area,
  name,
  children,
}: {
  /** Whose dashboard: the role it is for. */
  area: keyof typeof STAFF_INTROS;
  name: string;
  children: React.ReactNode;
}) {
  return (
    <DashboardPage badge={ROLE_LABELS[area]} name={name} intro={STAFF_INTROS[area]}>
      {children}
    </DashboardPage>
  );
}
