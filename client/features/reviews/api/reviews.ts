import {
  REVIEW_LIMITS,
  type TCreateReviewRequest,
  type TPublicReview,
  type TReview,
  ZPropertyReviewsResponse,
  ZPublicReview,
  ZReview,
} from "@common/schemas/reviews";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

/** Under ["properties", …] because a property's reviews are part of what its pages show. */
export const reviewKeys = {
  forProperty: (propertyId: number) => ["properties", "reviews", propertyId] as const,
};

export const REVIEWS_PAGE_SIZE = REVIEW_LIMITS.pageDefault;

export function getPropertyReviews(propertyId: number, offset: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE), offset: String(offset) });
  return getJson(`/api/properties/${propertyId}/reviews?${query}`, ZPropertyReviewsResponse, { signal });
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

export async function createReview(request: TCreateReviewRequest): Promise<TReview> {
  return parseJson(await apiRequest("POST", "/api/reviews", request), ZReview);
}

/**
 * A new review changes the guest's bookings (no longer reviewable) and the property's reviews, rating
 * and review count, which every property page and list shows.
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["bookings", "mine"] }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.forProperty(review.propertyId) }),
        queryClient.invalidateQueries({ queryKey: ["properties"] }),
      ]),
  });
}

export async function respondToReview(reviewId: number, response: string): Promise<TPublicReview> {
  return parseJson(await apiRequest("POST", `/api/reviews/${reviewId}/response`, { response }), ZPublicReview);
}

export function useRespondToReview(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, response }: { reviewId: number; response: string }) => respondToReview(reviewId, response),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.forProperty(propertyId) }),
  });
}
