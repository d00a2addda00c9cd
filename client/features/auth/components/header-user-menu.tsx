import type { TSessionUser } from "@common/schemas/auth";
import { Suspense, use } from "react";
import { UserAvatar } from "@/components/ui/user-avatar";
import { avatarInitial, displayName } from "@/lib/user-names";

type UserMenuModule = typeof import("./user-menu");
type TrackedPromise<T> = Promise<T> & { status?: "fulfilled"; value?: T };
let userMenuCode: TrackedPromise<UserMenuModule> | undefined;

/**
 * The dropdown's code, fetched once. Only signed-in visitors download it; a page sent as finished HTML that already
 * knows its visitor is signed in fetches it before the header comes to life, so the drawn menu answers the first tap
 * (a menu still waiting for its code would ignore it).
 */
export function loadUserMenu(): Promise<UserMenuModule> {
  if (!userMenuCode) {
    const code: TrackedPromise<UserMenuModule> = import("./user-menu");
    // Marked as React reads a settled promise, so a menu whose code is here renders at once instead of suspending.
    void code.then((module) => {
      code.status = "fulfilled";
      code.value = module;
    });
    userMenuCode = code;
  }
  return userMenuCode;
}

function LoadedUserMenu({ user }: { user: TSessionUser }) {
  const { UserMenu } = use(loadUserMenu());
  return <UserMenu user={user} />;
}

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
      <LoadedUserMenu user={user} />
    </Suspense>
  );
}
