import { SignedOutSiteHeader } from "@/app/shell/signed-out-site-header";
import type { IslandData } from "../providers";
import type { IslandLoader, PageFacts } from "../registry";

/**
 * Every page's header. A signed-in visitor's header follows the session and draws their account, avatar menu
 * included: that code comes before the header hydrates. A signed-out visitor's needs none of it.
 */
export const siteHeader: IslandLoader = async ({ signedIn }) => {
  if (!signedIn) return SignedOutSiteHeader;
  const [{ SiteHeader }, { loadUserMenu }] = await Promise.all([
    import("@/app/shell/site-header.island"),
    import("@/features/auth/components/header-user-menu"),
  ]);
  await loadUserMenu();
  return SiteHeader;
};

/**
 * The data of a page whose only island reading any is the header: the query cache for a signed-in visitor, fetched
 * then, and none for a signed-out one, whose first download then leaves out the cache's code.
 */
export const headerData = ({ signedIn }: PageFacts): Promise<IslandData | null> =>
  signedIn ? import("../query-data").then(({ queryData }) => queryData()) : Promise.resolve(null);
