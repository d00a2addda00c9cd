import { startPage } from "@/app/page-start";
import { ISLANDS_PAGE_ATTRIBUTE } from "@/app/server-page";

/**
 * The first script of a page sent as finished HTML, in the server's template instead of the client app's entry: it
 * loads the page's bundle of islands, which the server names on the page, once the page allows (page-start.ts).
 * Being of the islands' build, it carries none of what the app's entry needs to load the app.
 */
startPage(async (serverState) => {
  const bundle = serverState?.getAttribute(ISLANDS_PAGE_ATTRIBUTE);
  if (!bundle) throw new Error("The page names no bundle of islands");
  return import(/* @vite-ignore */ bundle);
});
