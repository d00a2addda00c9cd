import { ROLE_LABELS, ROLES, type Role } from "@common/domain/roles";
import type { TAdminUser } from "@common/schemas/admin";
import { useState } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { mutateThen } from "@/lib/mutation";
import { fullName } from "@/lib/user-names";
import { cn } from "@/lib/utils";
import { useChangeRole } from "../api/users";

/**
 * The role selector of one user. The chosen role shows while the server decides; its answer then replaces the
 * user, and a refusal puts the old role back and says why.
 */
export function UserRoleSelect({ user, id, className }: { user: TAdminUser; id?: string; className?: string }) {
  const changeRole = useChangeRole();
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const name = fullName(user);

  function choose(role: Role) {
    setPendingRole(role);
    mutateThen(
      changeRole,
      { userId: user.id, role },
      {
        onSuccess: (updated) => {
          setPendingRole(null);
          toast({
            title: "Role updated",
            description: `${name} is now ${ROLE_LABELS[updated.role]}.${
              updated.role === "landlord" ? " Their landlord account is approved." : ""
            } The change applies from their next page.`,
          });
        },
        onError: (error) => {
          setPendingRole(null);
          toast({
            variant: "destructive",
            title: "Role not changed",
            description: serverMessageOf(error, "The role could not be changed. Please try again."),
          });
        },
      },
    );
  }

  return (
    <NativeSelect
      id={id}
      aria-label={`Role for ${name}`}
      value={pendingRole ?? user.role}
      disabled={pendingRole !== null}
      aria-busy={pendingRole !== null || undefined}
      onChange={(event) => choose(event.target.value as Role)}
      className={cn("h-10", className)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </NativeSelect>
  );
}
