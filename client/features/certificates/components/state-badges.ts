import type { CertificateState } from "@common/domain/compliance";
import type { BadgeProps } from "@/components/ui/badge";

/** The badge colour of each certificate state, the same in the vault and on the listing. */
export const STATE_BADGES: Record<CertificateState, BadgeProps["variant"]> = {
  valid: "success",
  expiring: "warning",
  lapsed: "destructive",
  missing: "outline",
};
