import type { TSessionUser } from "@common/schemas/auth";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SiteLink } from "@/components/ui/site-link";
import { UserAvatar } from "@/components/ui/user-avatar";
import { avatarInitial, displayName } from "@/lib/user-names";
import { useLogout } from "../api/session";

/** The signed-in block at the foot of the phone menu: who is signed in, Tax details for those paid, and Logout. */
export function MobileAccount({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-4 pb-2">
      <div className="flex items-center gap-3 px-3">
        <UserAvatar imageUrl={user.profileImageUrl} fallback={avatarInitial(user)} className="size-10" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{displayName(user)}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>
      {/* The session's own permission list: this block is on every page, so it does not load the role table. */}
      {user.permissions.includes("manage:tax-details:own") ? (
        <Button asChild variant="outline">
          <SiteLink href="/account/tax-details">Tax details</SiteLink>
        </Button>
      ) : null}
      {user.permissions.includes("read:statement:own") ? (
        <Button asChild variant="outline">
          <SiteLink href="/account/statements">Statements</SiteLink>
        </Button>
      ) : null}
      <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
        <LogOut aria-hidden="true" />
        {logout.isPending ? "Logging out..." : "Logout"}
      </Button>
    </div>
  );
}
