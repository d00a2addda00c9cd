import { defineIsland } from "@/lib/island";
import { HeroSearchForm } from "./hero-search-form";

export { HeroSearchForm };

/** The home page's search, run on its own on the page sent as finished HTML. */
export const HeroSearchIsland = defineIsland("hero-search", HeroSearchForm);
