import { defineIsland } from "@/lib/island";
import { BudgetSearch } from "./budget-search";

export { BudgetSearch };

/** The search by city and budget, run on its own on the page sent as finished HTML. */
export const BudgetSearchIsland = defineIsland("budget-search", BudgetSearch);
