import { type LoaderFunctionArgs, useLocation } from "react-router";
import { BrowseFiltersIsland } from "@/app/islands/browse-filters.island";
import { BrowseResultsIsland, urlFilters } from "@/app/islands/browse-results.island";
import { pagesShownIn } from "@/app/islands/browse-search";
import { BrowseStaySummaryIsland } from "@/app/islands/browse-summary.island";
import { pageDataOf, startOrWait } from "@/app/page-data";
import { infinitePropertiesQueryOptions } from "@/features/properties/public/api/get-properties";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The search the URL describes, as many pages of it as the visitor had shown. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pageData = pageDataOf(context);
  const params = new URL(request.url).searchParams;
  const pages = pagesShownIn(params);
  await startOrWait(pageData, [
    pageData.queryClient.prefetchInfiniteQuery({ ...infinitePropertiesQueryOptions(urlFilters(params)), pages }),
  ]);
  return null;
}

/**
 * Browse at /properties, sent as finished HTML. Its live parts are three islands sharing the address: the stay
 * under the heading, the filters, and the results with the map (which a phone reaches only after the filters).
 */
export function Component() {
  useDocumentTitle("London Properties");
  const { search } = useLocation();
  return (
    <>
      <section className="border-b border-border bg-sand">
        <div className="container-page py-12 sm:py-16">
          <p className="eyebrow">Browse</p>
          <h1 className="mt-3 font-display text-4xl font-medium tracking-tight sm:text-5xl">London Properties</h1>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Serviced apartments, townhouses and studios across London and the UK, from hosts our team has approved.
          </p>
          <BrowseStaySummaryIsland search={search} />
        </div>
      </section>

      <div className="container-page py-10">
        <BrowseFiltersIsland search={search} />
        <BrowseResultsIsland search={search} />
      </div>
    </>
  );
}
