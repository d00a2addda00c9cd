import { FeaturedPropertiesWithSaving } from "@/app/islands/featured-properties.island";
import { HomeAuthRedirect } from "@/features/auth/components/home-auth.island";
import { BudgetSearch } from "@/features/search/components/budget-search.island";
import { HeroSearchForm } from "@/features/search/components/hero-search.island";
import { formatPounds } from "@/lib/format";
import { hydrateIslands } from "../hydrate";
import { queryData } from "../query-data";
import { siteHeader } from "./site-header";

void hydrateIslands(
  "home",
  {
    "site-header": siteHeader,
    "home-auth": () => HomeAuthRedirect,
    "hero-search": () => HeroSearchForm,
    "featured-properties": () => FeaturedPropertiesWithSaving,
    "budget-search": () => BudgetSearch,
  },
  { data: queryData, firstUses: [() => formatPounds(1)] },
);
