import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatInteger } from "@/lib/format";

/**
 * "Showing 21–40 of 312" with Previous and Next, for a list paged on the server. Hidden when everything fits
 * on one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  label,
  totalIsCapped = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What is being paged, for screen readers ("Users"). */
  label: string;
  /** The server counted no further than `total`: there are more ("of 1,000+"). */
  totalIsCapped?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const of = `${formatInteger(total)}${totalIsCapped ? "+" : ""}`;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {first > total
          ? `Page ${formatInteger(page)} is past the end (${of} in all)`
          : `Showing ${formatInteger(first)}–${formatInteger(last)} of ${of}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="px-2 text-sm tabular-nums text-muted-foreground">
          Page {formatInteger(page)} of {formatInteger(pages)}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
