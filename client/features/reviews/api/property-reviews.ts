import { REVIEW_LIMITS } from "@common/domain/reviews";
import type { TPropertyReviewsResponse } from "@common/schemas/reviews";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/** Under ["properties", …] because a property's reviews are part of what its pages show. */
export const reviewKeys = {
  forProperty: (propertyId: number) => ["properties", "reviews", propertyId] as const,
};

export const REVIEWS_PAGE_SIZE = REVIEW_LIMITS.pageDefault;

export function getPropertyReviews(propertyId: number, offset: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE), offset: String(offset) });
  return getPublicJson<TPropertyReviewsResponse>(`/api/properties/${propertyId}/reviews?${query}`, "object", {
    signal,
  });
}

/** The averages come with every page; "Show more" asks for the next page until all are loaded. */
export function propertyReviewsQueryOptions(propertyId: number) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.forProperty(propertyId),
    queryFn: ({ pageParam, signal }) => getPropertyReviews(propertyId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) => {
      const loaded = allPages.reduce((sum, page) => sum + page.reviews.length, 0);
      return lastPage.reviews.length > 0 && loaded < lastPage.summary.count ? loaded : undefined;
    },
  });
}

export function usePropertyReviews(propertyId: number) {
  return useInfiniteQuery(propertyReviewsQueryOptions(propertyId));
}
