import { type LoaderFunctionArgs, useLocation } from "react-router";
import { BrowseIsland, urlFilters } from "@/app/islands/browse.island";
import { pageDataOf, startOrWait } from "@/app/page-data";
import { infinitePropertiesQueryOptions } from "@/features/properties/public/api/get-properties";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { stayDraftFrom, staySearchOf } from "@/lib/stay-search";

/** The first page of the search the URL describes. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pageData = pageDataOf(context);
  const params = new URL(request.url).searchParams;
  const filters = urlFilters(params, staySearchOf(stayDraftFrom(params)));
  await startOrWait(pageData, [pageData.queryClient.prefetchInfiniteQuery(infinitePropertiesQueryOptions(filters))]);
  return null;
}

/** Browse at /properties: sent as finished HTML, the whole search (filters, results, map) is one island. */
export function Component() {
  useDocumentTitle("London Properties");
  const { search } = useLocation();
  return <BrowseIsland search={search} />;
}
