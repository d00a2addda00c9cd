import { hydrateIslands, queryDataWhenRead } from "../hydrate";
import { siteHeader } from "./site-header";

// Pages whose only interactive part is the header: partnerships, the legal pages, the 404.
void hydrateIslands("header", { "site-header": siteHeader }, { data: queryDataWhenRead });
