import {
  type TCreateReviewRequest,
  type TPublicReview,
  type TReview,
  ZPublicReview,
  ZReview,
} from "@common/schemas/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, parseJson } from "@/lib/api-client";
import { reviewKeys } from "./property-reviews";

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
