import type { FlexKind } from "@common/domain/flex-kinds";
import { PARTY_KINDS, type TParty } from "@common/domain/party";
import type { TPropertySummary } from "@common/schemas/properties";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The filters the server understands (unknown query parameters get a 400, so only these are sent). */
export type PropertyFilters = {
  q?: string | undefined;
  city?: string | undefined;
  maxPrice?: number | undefined;
  /** Both dates or neither, already checked (the server answers a bad pair with a 400). */
  checkIn?: string | undefined;
  checkOut?: string | undefined;
  guests?: number | undefined;
  /** Who comes, in place of guests: only listings that sleep, allow and suit them. */
  party?: TParty | undefined;
  /** Only listings an administrator has verified. */
  verified?: boolean | undefined;
  /** Flexible dates instead of checkIn/checkOut: a kind of stay and 1 to 3 months, already checked. */
  flex?: FlexKind | undefined;
  months?: string[] | undefined;
  /** The map's area, "west,south,east,north", when the list follows the map. */
  bbox?: string | undefined;
};

/** `totalIsCapped`: the server counts no further than 1000, so there are more than `total` matches. */
export type PropertyPage = {
  items: TPropertySummary[];
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
};

export const BROWSE_PAGE_SIZE = 24;

export function propertySearchParams(filters: PropertyFilters, page: number, pageSize: number): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  const city = filters.city?.trim();
  if (q) params.set("q", q);
  if (city) params.set("city", city);
  if (filters.maxPrice !== undefined) params.set("maxPrice", String(filters.maxPrice));
  if (filters.checkIn && filters.checkOut) {
    params.set("checkIn", filters.checkIn);
    params.set("checkOut", filters.checkOut);
  }
  if (filters.party) for (const kind of PARTY_KINDS) params.set(kind, String(filters.party[kind]));
  else if (filters.guests !== undefined) params.set("guests", String(filters.guests));
  if (filters.verified) params.set("verified", "true");
  if (filters.flex && filters.months?.length) {
    params.set("flex", filters.flex);
    params.set("months", filters.months.join(","));
  }
  if (filters.bbox) params.set("bbox", filters.bbox);
  if (page !== 1) params.set("page", String(page));
  params.set("pageSize", String(pageSize));
  return params;
}

export async function getProperties(
  filters: PropertyFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PropertyPage> {
  const res = await apiRequest("GET", `/api/properties?${propertySearchParams(filters, page, pageSize)}`, undefined, {
    signal,
  });
  // Read without the zod contract, as getPublicJson explains.
  const items: unknown = await res.json();
  if (!Array.isArray(items)) throw new Error("Unexpected answer from /api/properties");
  const header = Number.parseInt(res.headers.get("X-Total-Count") ?? "", 10);
  const total = Number.isFinite(header) ? header : (page - 1) * pageSize + items.length;
  const totalIsCapped = res.headers.get("X-Total-Count-Capped") === "true";
  return { items: items as TPropertySummary[], total, totalIsCapped, page, pageSize };
}

function normalise(filters: PropertyFilters): PropertyFilters {
  return {
    q: filters.q?.trim() || undefined,
    city: filters.city?.trim() || undefined,
    maxPrice: filters.maxPrice,
    checkIn: filters.checkIn && filters.checkOut ? filters.checkIn : undefined,
    checkOut: filters.checkIn && filters.checkOut ? filters.checkOut : undefined,
    guests: filters.guests,
    party: filters.party,
    verified: filters.verified || undefined,
    flex: filters.months?.length ? filters.flex : undefined,
    months: filters.flex && filters.months?.length ? filters.months : undefined,
    bbox: filters.bbox || undefined,
  };
}

export const propertyKeys = {
  all: ["properties"] as const,
  list: (filters: PropertyFilters, pageSize: number) => ["properties", "list", normalise(filters), pageSize] as const,
  infinite: (filters: PropertyFilters) => ["properties", "infinite", normalise(filters)] as const,
  detail: (ref: string) => ["properties", "detail", ref] as const,
};

/** One page of properties, e.g. the home page's featured grid. */
export function propertiesQueryOptions(filters: PropertyFilters, pageSize: number) {
  return queryOptions({
    queryKey: propertyKeys.list(filters, pageSize),
    queryFn: ({ signal }) => getProperties(normalise(filters), 1, pageSize, signal),
  });
}

export function useProperties(filters: PropertyFilters, pageSize: number) {
  return useQuery(propertiesQueryOptions(filters, pageSize));
}

/** The browse list: pages of 24, "Show more" loads the next one. */
export function infinitePropertiesQueryOptions(filters: PropertyFilters) {
  return infiniteQueryOptions({
    queryKey: propertyKeys.infinite(filters),
    queryFn: ({ pageParam, signal }) => getProperties(normalise(filters), pageParam, BROWSE_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => {
      const loaded = allPages.reduce((sum, p) => sum + p.items.length, 0);
      return loaded < lastPage.total && lastPage.items.length > 0 ? lastPage.page + 1 : undefined;
    },
  });
}

export function useInfiniteProperties(filters: PropertyFilters) {
  return useInfiniteQuery({
    ...infinitePropertiesQueryOptions(filters),
    placeholderData: (previous) => previous,
    // What is free changes with every booking: a date search is asked again whenever the page is opened.
    ...(filters.checkIn && filters.checkOut ? { staleTime: 0 } : {}),
  });
}
