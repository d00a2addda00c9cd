import type { TSessionUser } from "@common/schemas/auth";
import { lazy, Suspense } from "react";
import { UserAvatar } from "@/components/ui/user-avatar";
import { avatarInitial, displayName } from "@/lib/user-names";

// The dropdown code loads only for signed-in visitors; everyone else never downloads it.
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

/** The header's avatar menu. Until its code arrives, the same avatar and name stand in its place. */
export function HeaderUserMenu({ user }: { user: TSessionUser }) {
  return (
    <Suspense
      fallback={
        <span className="flex h-10 items-center gap-2 rounded-full border border-border bg-card py-1 pr-9 pl-1 text-sm font-medium">
          <UserAvatar imageUrl={user.profileImageUrl} fallback={avatarInitial(user)} />
          <span className="max-w-40 truncate">{displayName(user)}</span>
        </span>
      }
    >
      <UserMenu user={user} />
    </Suspense>
  );
}
