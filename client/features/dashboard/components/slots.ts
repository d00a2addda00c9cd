import type * as React from "react";

/**
 * The Add New Property dialog around a trigger button. It belongs to the landlord-properties feature, so the
 * route hands it in (features never import each other).
 */
export type AddPropertyDialogSlot = React.ComponentType<{ trigger: React.ReactNode }>;
