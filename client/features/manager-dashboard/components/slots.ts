import type * as React from "react";

/**
 * What other features put into the manager dashboard (features never import each other; the route hands these in):
 * the bookings tab (bookings), the maintenance tab and a property's jobs and Schedule Maintenance (maintenance), and
 * the threads with owners.
 */
export type ManagerSlots = {
  BookingsTab: React.ComponentType;
  MaintenanceTab: React.ComponentType;
  PropertyJobs: React.ComponentType<{ propertyId: number; propertyName: string }>;
  ScheduleMaintenance: React.ComponentType<{ propertyId: number; propertyName: string }>;
  /** The manager ↔ owner threads, opened on one assignment's thread when Contact Owner was pressed. */
  ThreadsPanel: React.ComponentType<{ initialAssignmentId?: number; onRead?: () => void }>;
};
