import { type LoaderFunctionArgs, useLocation } from "react-router";
import { BrowseIsland, pagesShownIn, urlFilters } from "@/app/islands/browse.island";
import { pageDataOf, startOrWait } from "@/app/page-data";
import { infinitePropertiesQueryOptions } from "@/features/properties/public/api/get-properties";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { stayDraftFrom, staySearchOf } from "@/lib/stay-search";

/** The search the URL describes, as many pages of it as the visitor had shown. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pageData = pageDataOf(context);
  const params = new URL(request.url).searchParams;
  const filters = urlFilters(params, staySearchOf(stayDraftFrom(params)));
  const pages = pagesShownIn(params);
  await startOrWait(pageData, [
    pageData.queryClient.prefetchInfiniteQuery({ ...infinitePropertiesQueryOptions(filters), pages }),
  ]);
  return null;
}

/** Browse at /properties: sent as finished HTML, the whole search (filters, results, map) is one island. */
export function Component() {
  useDocumentTitle("London Properties");
  const { search } = useLocation();
  return <BrowseIsland search={search} />;
}
