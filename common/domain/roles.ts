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

/** The admin gate's role name ("Administrator" on the admin gate screens). */
export const GATE_ROLE_LABELS: Record<Role, string> = { ...ROLE_LABELS, admin: "Administrator" };
