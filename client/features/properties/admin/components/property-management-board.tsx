import { DEFAULT_PAGE_SIZE } from "@common/schemas/paging";
import { Building2, SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { Pagination } from "@/components/ui/pagination";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { RefreshingList } from "@/components/ui/refreshing-list";
import { FilterSelect, SearchField } from "@/components/ui/search-field";
import { formatInteger } from "@/lib/format";
import { usePropertyList } from "../api/admin-properties-api";
import type { PropertyListParams } from "../hooks/use-property-list-params";
import { STATUS_FILTER_OPTIONS, type StatusFilter } from "../utils/property-status";
import { AdminPropertyCard, AdminPropertyCardSkeleton } from "./admin-property-card";

const GRID = "grid gap-6 sm:grid-cols-2 xl:grid-cols-3";

/** "69 properties", or with a search or filter "1 property matches", "3 properties match". */
function propertyCount(total: number, narrowed: boolean): string {
  const counted = total === 1 ? "1 property" : `${formatInteger(total)} properties`;
  if (!narrowed) return counted;
  return `${counted} ${total === 1 ? "matches" : "match"}`;
}

/**
 * Every listing, searched and filtered on the server, a page at a time. The search, filter and page live in the
 * address bar, so a view can be shared and reloaded.
 */
export function PropertyManagementBoard({ list, enabled }: { list: PropertyListParams; enabled: boolean }) {
  const properties = usePropertyList(list.apiQuery, enabled);
  const narrowed = list.query !== "" || list.status !== "all";

  function goToPage(page: number) {
    list.setPage(page);
    document.getElementById("property-results-heading")?.scrollIntoView({ block: "start" });
  }

  return (
    <section aria-labelledby="property-results-heading" className="grid gap-6">
      <div className="grid gap-4 rounded-2xl border border-border bg-card p-4 shadow-soft sm:grid-cols-[minmax(0,1fr)_14rem] sm:p-5">
        <SearchField
          label="Search properties"
          placeholder="Title, city or owner name"
          value={list.typed}
          onChange={list.setTyped}
        />
        <FilterSelect<StatusFilter>
          label="Status"
          value={list.status}
          options={STATUS_FILTER_OPTIONS}
          onChange={(value) => list.setFilter("status", value)}
        />
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="property-results-heading" className="scroll-mt-24 font-display text-2xl font-medium">
          Properties
        </h2>
        {properties.data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {propertyCount(properties.data.total, narrowed)}
          </p>
        ) : null}
      </div>

      {properties.isPending ? (
        <div aria-busy="true" className={GRID}>
          <p role="status" className="sr-only">
            Loading properties…
          </p>
          {[0, 1, 2].map((key) => (
            <AdminPropertyCardSkeleton key={key} />
          ))}
        </div>
      ) : properties.isError ? (
        <QueryErrorAlert title="Failed to load property data" query={properties} announce centred />
      ) : properties.data.items.length === 0 ? (
        <EmptyList
          icon={narrowed ? SearchX : Building2}
          title="No Properties Found"
          action={
            list.page > 1 ? (
              <Button variant="outline" onClick={() => goToPage(1)}>
                Back to the first page
              </Button>
            ) : narrowed ? (
              <Button
                variant="outline"
                onClick={() => {
                  list.setTyped("");
                  list.setFilter("status", "all");
                }}
              >
                Clear the search
              </Button>
            ) : undefined
          }
        >
          {list.page > 1
            ? "This page is past the end of the list."
            : narrowed
              ? "No listing matches this search and status. Try part of a title, a borough or town, or an owner's name."
              : "Listings appear here as soon as landlords add them."}
        </EmptyList>
      ) : (
        <RefreshingList
          aria-labelledby="property-results-heading"
          items={properties.data.items}
          keyOf={(property) => property.id}
          refreshing={properties.isPlaceholderData}
          className={GRID}
          itemClassName="min-w-0"
        >
          {(property) => <AdminPropertyCard property={property} />}
        </RefreshingList>
      )}

      {properties.data ? (
        <Pagination
          page={list.page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={properties.data.total}
          onPageChange={goToPage}
          label="Properties"
        />
      ) : null}
    </section>
  );
}
