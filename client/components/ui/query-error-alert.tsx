import type * as React from "react";
import { LoadErrorAlert } from "./load-error-alert";

/** A request that failed to load: LoadErrorAlert whose Retry asks again, disabled while the answer is on its way. */
export function QueryErrorAlert({
  query,
  ...alert
}: {
  query: { refetch: () => Promise<unknown>; isFetching: boolean };
} & Omit<React.ComponentProps<typeof LoadErrorAlert>, "onRetry" | "retryLabel" | "retrying">) {
  return (
    <LoadErrorAlert {...alert} onRetry={() => void query.refetch()} retryLabel="Retry" retrying={query.isFetching} />
  );
}
