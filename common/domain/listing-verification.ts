/**
 * What an administrator checks before a listing may show "Verified". A verification records which of these were
 * done; the label needs at least the visit and the photos, which is what guests read it to mean.
 */
export const VERIFICATION_CHECKS = [
  "visited",
  "photos_match",
  "host_identity",
  "right_to_let",
  "safety_certificates",
] as const;
export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number];

export const VERIFICATION_CHECK_LABELS: Record<VerificationCheck, string> = {
  visited: "Visited in person by our team",
  photos_match: "Photos and description match the home",
  host_identity: "Host's identity checked",
  right_to_let: "Host's right to let it checked (title, lease or landlord's consent)",
  safety_certificates: "Gas and electrical safety certificates seen",
};

/** The checks every verification includes. */
export const REQUIRED_VERIFICATION_CHECKS: readonly VerificationCheck[] = ["visited", "photos_match"];
