import type { UseMutationResult } from "@tanstack/react-query";

/**
 * Runs a mutation, then `handlers`. Unlike the callbacks given to `mutate`, these run even when the calling
 * component has unmounted meanwhile: the mutation's own onSuccess refreshes lists, and the refreshed list often
 * no longer holds the button that started it (a review written, a request answered, a landlord approved).
 * Its toast must still show. (State set on an unmounted component is simply dropped.)
 */
export function mutateThen<TData, TError, TVariables>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables>, "mutateAsync">,
  variables: TVariables,
  handlers: { onSuccess?: (data: TData) => void; onError?: (error: TError) => void },
): void {
  mutation.mutateAsync(variables).then(
    (data) => handlers.onSuccess?.(data),
    (error: TError) => handlers.onError?.(error),
  );
}
