import { BrowsePropertiesWithSaving } from "@/app/islands/browse.island";
import { formatPounds } from "@/lib/format";
import { hydrateIslands } from "../hydrate";
import { queryData } from "../query-data";
import { siteHeader } from "./site-header";

void hydrateIslands(
  "browse",
  { "site-header": siteHeader, browse: () => BrowsePropertiesWithSaving },
  {
    data: queryData,
    firstUses: [() => formatPounds(1)],
  },
);
