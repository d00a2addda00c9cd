/** The five roles of the marketplace; only the first two can be chosen at registration. */
export const ROLES = ["guest", "landlord", "property_manager", "contractor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const SELF_SERVICE_ROLES = ["guest", "landlord"] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  guest: "Guest/Tenant",
  landlord: "Landlord/Owner",
  property_manager: "Property Manager",
  contractor: "Contractor/Service Provider",
  admin: "Platform Administrator",
};

/** Sign-in providers; `email` is a password account. */
export const AUTH_PROVIDERS = ["email", "google", "apple", "facebook", "twitter", "other"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/**
 * What each role may do. The session user carries this list; the admin gate (spec 2 §6) asks for at
 * least one of a page's permissions, and the server checks the same list on every admin call.
 */
export const PERMISSIONS = [
  "manage_users",
  "approve_landlords",
  "manage_all_properties",
  "view_all_bookings",
  "view_platform_analytics",
  "view_system_logs",
  "manage_own_properties",
  "manage_assigned_properties",
  "manage_maintenance_jobs",
  "book_properties",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  guest: ["book_properties"],
  landlord: ["manage_own_properties", "book_properties"],
  property_manager: ["manage_assigned_properties", "manage_maintenance_jobs"],
  contractor: ["manage_maintenance_jobs"],
  admin: [
    "manage_users",
    "approve_landlords",
    "manage_all_properties",
    "view_all_bookings",
    "view_platform_analytics",
    "view_system_logs",
  ],
};

/** The admin gate's role name (spec 2 §6: "Administrator on the admin gate screens"). */
export const GATE_ROLE_LABELS: Record<Role, string> = { ...ROLE_LABELS, admin: "Administrator" };
