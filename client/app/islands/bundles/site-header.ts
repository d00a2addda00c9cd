import { loadUserMenu, SiteHeader } from "@/app/shell/site-header.island";
import type { IslandLoader } from "../registry";

/** Every page's header. A signed-in visitor's avatar menu is drawn in the page: its code comes before the header hydrates. */
export const siteHeader: IslandLoader = async ({ signedIn }) => {
  if (signedIn) await loadUserMenu();
  return SiteHeader;
};
