import { REVIEW_ASPECT_LABELS, REVIEW_ASPECTS } from "@common/domain/reviews";
import type { TPublicReview, TReviewSummary } from "@common/schemas/reviews";
import { formatDate, formatMonthYear } from "@common/utils/dates";
import { MessageSquareQuote } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { pluralize } from "@/lib/format";
import { usePropertyReviews } from "../api/property-reviews";
import { formatAverage } from "../utils/format-review";
import { StarDisplay } from "./star-rating";

// Only the property's owner (or an admin) answers reviews: everyone else never downloads the form.
const ReviewResponseForm = lazy(() =>
  import("./review-response-form").then((module) => ({ default: module.ReviewResponseForm })),
);

/**
 * The Reviews section of a property page: the averages, then the reviews newest first, ten at a time.
 * `canRespond`: the viewer owns the property (or is an admin), so unanswered reviews offer a reply.
 */
export function PropertyReviews({ propertyId, canRespond }: { propertyId: number; canRespond: boolean }) {
  const query = usePropertyReviews(propertyId);
  const summary = query.data?.pages[0]?.summary;
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 border-t border-border pt-10">
      <h2 id="reviews-heading" className="font-display text-2xl font-medium">
        Reviews
      </h2>

      {query.isPending ? (
        <ReviewsSkeleton />
      ) : query.isError ? (
        <div className="mt-6 rounded-2xl border border-border bg-card p-6">
          <p className="font-medium">Reviews could not be loaded.</p>
          <p className="mt-1 text-sm text-muted-foreground">Please try again later.</p>
          <Button variant="outline" size="sm" className="mt-4" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : !summary || summary.count === 0 ? (
        <div className="mt-6 flex items-start gap-4 rounded-2xl border border-dashed border-border bg-card/60 p-6">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-brass-700">
            <MessageSquareQuote aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-medium">No reviews yet</p>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
              Guests can review their stay after check-out. Their reviews will appear here.
            </p>
          </div>
        </div>
      ) : (
        <>
          <ReviewSummary summary={summary} />
          <ul aria-label="Guest reviews" className="mt-8 divide-y divide-border">
            {reviews.map((review) => (
              <li key={review.id} className="py-7 first:pt-0">
                <ReviewItem review={review} propertyId={propertyId} canRespond={canRespond} />
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError ? (
            <p role="alert" className="mt-4 text-sm text-destructive">
              More reviews could not be loaded. Please try again.
            </p>
          ) : null}
          {query.hasNextPage ? (
            <div className="mt-2">
              <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? "Loading more…" : "Show more reviews"}
              </Button>
              <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
                Showing {reviews.length} of {pluralize(summary.count, "review")}
              </p>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function ReviewSummary({ summary }: { summary: TReviewSummary }) {
  return (
    <div className="mt-6 grid gap-6 rounded-2xl border border-border bg-card p-6 shadow-soft sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-10">
      <div className="flex items-center gap-4 sm:block">
        <p className="font-display text-5xl leading-none font-medium tabular-nums">
          <span className="sr-only">Overall rating </span>
          {summary.overall === null ? "—" : formatAverage(summary.overall)}
          <span className="sr-only"> out of 5</span>
        </p>
        <div className="sm:mt-3">
          {summary.overall === null ? null : <StarDisplay value={summary.overall} announce={false} />}
          <p className="mt-1 text-sm text-muted-foreground">Based on {pluralize(summary.count, "review")}</p>
        </div>
      </div>
      <dl className="grid content-center gap-x-8 gap-y-3.5 sm:grid-cols-2">
        {REVIEW_ASPECTS.map((aspect) => {
          const value = summary[aspect];
          return (
            <div key={aspect} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{REVIEW_ASPECT_LABELS[aspect]}</dt>
              <dd className="font-semibold tabular-nums">{value === null ? "—" : formatAverage(value)}</dd>
              <dd aria-hidden="true" className="col-span-2 h-1.5 overflow-hidden rounded-full bg-secondary">
                <div className="h-full rounded-full bg-ink-800" style={{ width: `${((value ?? 0) / 5) * 100}%` }} />
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

function ReviewItem({
  review,
  propertyId,
  canRespond,
}: {
  review: TPublicReview;
  propertyId: number;
  canRespond: boolean;
}) {
  const stayed = formatMonthYear(review.stayedIn ?? "");
  const titleId = `review-${review.id}-title`;
  return (
    <article
      aria-labelledby={review.title ? titleId : undefined}
      aria-label={review.title ? undefined : review.guestName}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-800 font-display text-base text-ivory"
          >
            {review.guestName.charAt(0)}
          </span>
          <div>
            <p className="font-medium leading-tight">{review.guestName}</p>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {stayed ? `Stayed in ${stayed}` : `Reviewed ${formatDate(review.createdAt)}`}
            </p>
          </div>
        </div>
        <StarDisplay value={review.rating} className="mt-1 shrink-0" />
      </div>
      {review.title ? (
        <h3 id={titleId} className="mt-4 font-medium text-foreground">
          {review.title}
        </h3>
      ) : null}
      {review.comment ? (
        <p className="mt-1.5 leading-relaxed whitespace-pre-line text-foreground/90">{review.comment}</p>
      ) : null}
      {review.hostResponse ? (
        <div className="mt-4 rounded-xl border-l-2 border-brass-500 bg-secondary/70 px-4 py-3">
          <p className="text-sm font-medium">
            Response from the host
            {review.hostResponseDate ? (
              <span className="font-normal text-muted-foreground"> · {formatDate(review.hostResponseDate)}</span>
            ) : null}
          </p>
          <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-foreground/90">{review.hostResponse}</p>
        </div>
      ) : canRespond ? (
        <Suspense fallback={null}>
          <ReviewResponseForm propertyId={propertyId} reviewId={review.id} guestName={review.guestName} />
        </Suspense>
      ) : null}
    </article>
  );
}

function ReviewsSkeleton() {
  return (
    <div aria-busy="true" className="mt-6">
      <p className="sr-only" role="status">
        Loading reviews…
      </p>
      <Skeleton className="h-40 rounded-2xl" />
      {[0, 1].map((i) => (
        <div key={i} className="mt-8 flex gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="mt-3 h-4 w-3/4" />
            <Skeleton className="mt-2 h-4 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
