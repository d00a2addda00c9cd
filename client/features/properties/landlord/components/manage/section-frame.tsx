import type * as React from "react";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** One section of the manage page: its h2, a line on what it is for, and the content in a card. */
export function SectionFrame({
  id,
  title,
  description,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  description: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn("grid gap-6", className)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h2 id={`${id}-heading`} className="font-display text-2xl font-medium tracking-tight sm:text-3xl">
            {title}
          </h2>
          <div className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-base">{description}</div>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A card of the manage page. */
export function Panel({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-6", className)} {...props} />
  );
}

/** A section's data is still on its way. */
export function SectionSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="grid gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
        <Skeleton key={i} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/** A section's data failed to load; Retry asks again without reloading the page. */
export function SectionError({ title, onRetry, retrying }: { title: string; onRetry: () => void; retrying: boolean }) {
  return <LoadErrorAlert title={title} onRetry={onRetry} retryLabel="Retry" retrying={retrying} announce />;
}

/**
 * A section drawn from one read: the skeleton while it loads, the error with Retry when it fails, then the content
 * from its data. One place for the three states every section of the page goes through.
 */
export function SectionQuery<T>({
  query,
  loading,
  failed,
  rows = 2,
  children,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; data: T | undefined; refetch: () => unknown };
  /** Read out while the data is on its way ("Loading pricing rules…"). */
  loading: string;
  /** The alert's title when the read fails ("Failed to load pricing rules"). */
  failed: string;
  rows?: number;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <SectionSkeleton label={loading} rows={rows} />;
  if (query.isError || query.data === undefined)
    return <SectionError title={failed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(query.data)}</>;
}

/** A quiet "nothing here yet" box with an optional call to action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-brass-100 text-brass-700 [&_svg]:size-6"
      >
        {icon}
      </span>
      <p className="mt-4 font-display text-xl font-medium">{title}</p>
      <div className="mt-2 max-w-md text-sm text-muted-foreground">{children}</div>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
