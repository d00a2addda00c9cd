import { useAuth } from "@/features/auth/api/session";
import { HeaderUserMenu } from "@/features/auth/components/header-user-menu";
import { LandlordPhoneRedirect } from "@/features/auth/components/landlord-phone-redirect";
import { MobileAccount } from "@/features/auth/components/mobile-account";
import { MessagesLink } from "@/features/conversations/components/messages-link";
import { defineIsland } from "@/lib/island";
import { type AccountParts, type SiteHeaderProps, SiteHeaderView } from "./site-header-view";

const ACCOUNT: AccountParts = {
  MessagesLink,
  UserMenu: HeaderUserMenu,
  MobileAccount,
  PhoneRedirect: LandlordPhoneRedirect,
};

/**
 * The header, an island on the pages sent as finished HTML (its menus and the visitor's account are the
 * interactive parts), so it takes the address in its props instead of from the router.
 */
export const SiteHeaderIsland = defineIsland("site-header", SiteHeader);

/** The header following the session: the client app's, and a signed-in visitor's on a page sent as finished HTML. */
export function SiteHeader(props: SiteHeaderProps) {
  return <SiteHeaderView {...props} auth={useAuth()} account={ACCOUNT} />;
}
