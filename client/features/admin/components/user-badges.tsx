import { ROLE_LABELS, type Role } from "@common/domain/roles";
import type { TAdminUser } from "@common/schemas/admin";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { userStates } from "../utils/user-management";

const ROLE_VARIANTS: Record<Role, BadgeProps["variant"]> = {
  admin: "default",
  landlord: "brass",
  property_manager: "outline",
  contractor: "outline",
  guest: "secondary",
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={ROLE_VARIANTS[role]}>{ROLE_LABELS[role]}</Badge>;
}

const STATE_VARIANTS = {
  frozen: "destructive",
  awaiting_approval: "warning",
  unverified: "outline",
  closed: "secondary",
} as const;

/** Frozen, awaiting approval, e-mail unverified; nothing for an active, verified account. */
export function UserStateBadges({
  user,
  className,
}: {
  user: Pick<TAdminUser, "isFrozen" | "role" | "isApproved" | "emailVerified" | "closedAt">;
  className?: string;
}) {
  const states = userStates(user);
  if (states.length === 0) return null;
  return (
    <div className={cn("flex flex-wrap gap-1.5", className)}>
      {states.map(({ state, label }) => (
        <Badge key={state} variant={STATE_VARIANTS[state]}>
          {label}
        </Badge>
      ))}
    </div>
  );
}
