import { ExperienceList } from "@/features/marketing/components/experience-list.island";
import { hydrateIslands } from "../hydrate";
import { headerData, siteHeader } from "./site-header";

// The list's filter reads no data: only a signed-in visitor's header needs the query cache.
void hydrateIslands(
  "experiences",
  { "site-header": siteHeader, "experience-list": () => ExperienceList },
  { data: headerData },
);
