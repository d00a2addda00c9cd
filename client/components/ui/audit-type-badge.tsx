import { AUDIT_TYPE_LABELS, type AuditType } from "@common/domain/audit-log";
import { CircleCheck, CircleX, Info, TriangleAlert } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";

/** Red for errors, amber for warnings, green for successes, neutral for information; each with its own icon. */
const TYPE_LOOKS: Record<AuditType, { className: string; icon: React.ElementType }> = {
  error: { className: "border-destructive/25 bg-destructive-soft text-destructive", icon: CircleX },
  warning: { className: "border-warning/25 bg-warning-soft text-warning", icon: TriangleAlert },
  success: { className: "border-success/20 bg-success-soft text-success", icon: CircleCheck },
  info: { className: "border-border bg-secondary text-secondary-foreground", icon: Info },
};

/** An audit entry's type, coloured and with its icon (System Logs, the admin dashboard). */
export function AuditTypeBadge({ type }: { type: AuditType }) {
  const { className, icon: Icon } = TYPE_LOOKS[type];
  return (
    <Badge className={className}>
      <Icon aria-hidden="true" />
      {AUDIT_TYPE_LABELS[type]}
    </Badge>
  );
}
