import { ExperienceList } from "@/features/marketing/components/experience-list.island";
import { hydrateIslands } from "../hydrate";
import { siteHeader } from "./site-header";

void hydrateIslands("experiences", { "site-header": siteHeader, "experience-list": () => ExperienceList });
