import { SignedOutSiteHeader } from "@/app/shell/signed-out-site-header";
import type { IslandPlan } from "../registry";

/**
 * Every page's header. A signed-in visitor's header follows the session, through the query cache, and draws their
 * account, avatar menu included: that code comes before the header hydrates. A signed-out visitor's needs none of it.
 */
export const siteHeader: IslandPlan = {
  load: async ({ signedIn }) => {
    if (!signedIn) return SignedOutSiteHeader;
    const [{ SiteHeader }, { loadUserMenu }] = await Promise.all([
      import("@/app/shell/site-header.island"),
      import("@/features/auth/components/header-user-menu"),
    ]);
    await loadUserMenu();
    return SiteHeader;
  },
  readsData: ({ signedIn }) => signedIn,
};
