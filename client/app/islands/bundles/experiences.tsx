import { ExperienceList } from "@/features/marketing/components/experience-list.island";
import { hydrateIslands, queryDataWhenRead } from "../hydrate";
import { siteHeader } from "./site-header";

// The list's filter reads no data: only a signed-in visitor's header needs the query cache.
void hydrateIslands(
  "experiences",
  {
    "site-header": siteHeader,
    "experience-list": { load: () => ExperienceList, readsData: () => false },
  },
  { data: queryDataWhenRead },
);
