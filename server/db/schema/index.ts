export * from "./audit-logs";
export * from "./bookings";
export * from "./enums";
export * from "./maintenance";
export * from "./properties";
export * from "./users";
export * from "./oauth";
export * from "./rate-limits";
