import { BrowsePropertiesWithSaving } from "@/app/islands/browse.island";
import { formatPounds } from "@/lib/format";
import { hydrateIslands } from "../hydrate";
import { siteHeader } from "./site-header";

void hydrateIslands("browse", { "site-header": siteHeader, browse: () => BrowsePropertiesWithSaving }, [
  () => formatPounds(1),
]);
