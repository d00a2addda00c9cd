import type * as React from "react";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import type { QueryPageState } from "@/lib/query-state";

/** A page's body by its state: the placeholder, the failure with Retry (read out at once), or the data. */
export function QueryStateView<T>({
  state,
  loading,
  errorTitle,
  children,
}: {
  state: QueryPageState<T>;
  loading: React.ReactNode;
  errorTitle: string;
  children: (data: T) => React.ReactNode;
}) {
  if (state.status === "loading") return loading;
  if (state.status === "error") {
    return (
      <LoadErrorAlert
        title={errorTitle}
        onRetry={state.retry}
        retryLabel="Retry"
        retrying={state.retrying}
        announce
        centred
      />
    );
  }
  return children(state.data);
}
