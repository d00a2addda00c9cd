import { may } from "@common/domain/permissions";
import type { TSessionUser } from "@common/schemas/auth";
import { ChevronDown, LayoutDashboard, LogOut, ReceiptText, Wallet } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { SiteLink } from "@/components/ui/site-link";
import { UserAvatar } from "@/components/ui/user-avatar";
import { avatarInitial, displayName, fullName } from "@/lib/user-names";
import { cn } from "@/lib/utils";
import { useLogout } from "../api/session";

const MENU_ITEM = cn(
  "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-foreground outline-none select-none",
  "data-[highlighted]:bg-secondary data-[disabled]:pointer-events-none data-[disabled]:opacity-55 [&_svg]:size-4 [&_svg]:text-muted-foreground",
);

/**
 * The signed-in avatar menu; its entries are Dashboard (landlords only), Payout Settings and Tax details (for those
 * paid through the platform: landlords, property managers and contractors) and Logout.
 */
export function UserMenu({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="flex h-10 cursor-pointer items-center gap-2 rounded-full border border-border bg-card py-1 pr-3 pl-1 text-sm font-medium text-foreground transition-colors hover:bg-secondary data-[state=open]:bg-secondary"
        >
          <UserAvatar imageUrl={user.profileImageUrl} fallback={avatarInitial(user)} />
          <span className="max-w-40 truncate">{displayName(user)}</span>
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 animate-fade-in rounded-2xl border border-border bg-card p-1.5 text-card-foreground shadow-float"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold">{fullName(user)}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {user.role === "landlord" ? (
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <SiteLink href="/dashboard">
                <LayoutDashboard aria-hidden="true" />
                Dashboard
              </SiteLink>
            </DropdownMenu.Item>
          ) : null}
          {may(user, "read", "payout") ? (
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <SiteLink href="/account/payouts">
                <Wallet aria-hidden="true" />
                Payout Settings
              </SiteLink>
            </DropdownMenu.Item>
          ) : null}
          {may(user, "manage", "tax-details") ? (
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <SiteLink href="/account/tax-details">
                <ReceiptText aria-hidden="true" />
                Tax details
              </SiteLink>
            </DropdownMenu.Item>
          ) : null}
          {may(user, "read", "statement") ? (
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <SiteLink href="/account/statements">
                <ReceiptText aria-hidden="true" />
                Statements
              </SiteLink>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={MENU_ITEM} disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut aria-hidden="true" />
            {logout.isPending ? "Logging out..." : "Logout"}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
