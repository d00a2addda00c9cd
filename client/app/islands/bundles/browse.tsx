import { BrowsePropertiesWithSaving } from "@/app/islands/browse.island";
import { hydrateIslands } from "../hydrate";
import { siteHeader } from "./site-header";

hydrateIslands("browse", { "site-header": siteHeader, browse: () => BrowsePropertiesWithSaving });
