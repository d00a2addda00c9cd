import type { PropertyStatus } from "@common/domain/property-options";
import type { AdminPropertyStatus } from "@common/schemas/admin-properties";
import { Badge } from "./badge";

/**
 * A listing's status as its owner and an administrator see it: words first, colour as a second cue. Both read
 * "Active" and "Inactive" alike; the owner also meets maintenance, the admin a listing still pending.
 */
const PROPERTY_STATUS_BADGES: Record<
  PropertyStatus | AdminPropertyStatus,
  { label: string; variant: "success" | "warning" | "secondary" }
> = {
  active: { label: "Active", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  inactive: { label: "Inactive", variant: "secondary" },
  maintenance: { label: "Under Maintenance", variant: "warning" },
};

/** The badge that names a listing's status, from the one table every page shares. */
export function PropertyStatusBadge({
  status,
  className,
}: {
  status: PropertyStatus | AdminPropertyStatus;
  className?: string;
}) {
  const badge = PROPERTY_STATUS_BADGES[status];
  return (
    <Badge variant={badge.variant} className={className}>
      {badge.label}
    </Badge>
  );
}
