import { REVIEW_ASPECT_LABELS, REVIEW_ASPECTS, REVIEW_LIMITS, type ReviewAspect } from "@common/domain/reviews";
import { Loader2, PenLine } from "lucide-react";
import { Dialog } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { mutateThen } from "@/lib/mutation";
import { useCreateReview } from "../api/reviews";
import { ReviewTextArea } from "./review-text-field";
import { StarInput } from "./star-rating";

type RatingField = "rating" | ReviewAspect;
const RATING_FIELDS: { field: RatingField; label: string }[] = [
  { field: "rating", label: "Overall" },
  ...REVIEW_ASPECTS.map((aspect) => ({ field: aspect, label: REVIEW_ASPECT_LABELS[aspect] })),
];

type Draft = { ratings: Partial<Record<RatingField, number>>; title: string; comment: string };
const EMPTY: Draft = { ratings: {}, title: "", comment: "" };

function problemsOf(draft: Draft) {
  const problems: Partial<Record<RatingField | "title" | "comment", string>> = {};
  for (const { field, label } of RATING_FIELDS) {
    if (!draft.ratings[field]) problems[field] = `Choose a rating for ${label.toLowerCase()}.`;
  }
  if (!draft.title.trim()) problems.title = "Give your review a title.";
  if (!draft.comment.trim()) problems.comment = "Tell future guests about your stay.";
  return problems;
}

/**
 * "Write a review" for a completed stay: a dialog with the six ratings, a title and a comment. Placed
 * on My Bookings for bookings whose `canReview` is true.
 */
export function WriteReviewButton({
  bookingId,
  propertyTitle,
  onReviewed,
}: {
  bookingId: number;
  propertyTitle: string;
  onReviewed?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [showProblems, setShowProblems] = useState(false);
  const mutation = useCreateReview();
  const ids = useId();
  const problems = problemsOf(draft);
  const visible = showProblems ? problems : {};

  function changeOpen(next: boolean) {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) setShowProblems(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      // Take the keyboard to the first field that needs attention, once it is marked.
      const form = event.currentTarget;
      requestAnimationFrame(() => {
        const first = form.querySelector<HTMLElement>("[aria-invalid='true']");
        (first?.tagName === "FIELDSET" ? first.querySelector<HTMLElement>("input") : first)?.focus();
      });
      return;
    }
    const { rating, cleanliness, accuracy, communication, location, value } = draft.ratings as Record<
      RatingField,
      number
    >;
    mutateThen(
      mutation,
      {
        bookingId,
        rating,
        cleanliness,
        accuracy,
        communication,
        location,
        value,
        title: draft.title.trim(),
        comment: draft.comment.trim(),
      },
      {
        onSuccess: () => {
          toast({ title: "Review submitted", description: `Thank you for reviewing ${propertyTitle}.` });
          setOpen(false);
          setDraft(EMPTY);
          setShowProblems(false);
          onReviewed?.();
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Review not submitted",
            description: (isApiError(error) && error.serverMessage) || "Please try again.",
          }),
      },
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <PenLine aria-hidden="true" />
          Write a review
        </Button>
      </Dialog.Trigger>
      <DialogPanel size="lg">
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-xl leading-snug font-medium">Review your stay</Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {propertyTitle}. Your first name and last initial are shown with your review.
          </Dialog.Description>
        </div>
        <DialogCloseButton disabled={mutation.isPending} />

        <form onSubmit={submit} noValidate className="grid gap-5">
          <div className="grid gap-3 rounded-xl border border-border bg-background/60 p-3 sm:p-4">
            {RATING_FIELDS.map(({ field, label }) => (
              <StarInput
                key={field}
                name={`${ids}-${field}`}
                label={label}
                value={draft.ratings[field] ?? null}
                error={visible[field]}
                onChange={(value) => setDraft((d) => ({ ...d, ratings: { ...d.ratings, [field]: value } }))}
              />
            ))}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${ids}-title`}>
              Title
              <RequiredMark />
            </Label>
            <Input
              id={`${ids}-title`}
              value={draft.title}
              maxLength={REVIEW_LIMITS.titleMax}
              placeholder="A calm base near the river"
              aria-required={true}
              aria-invalid={visible.title ? true : undefined}
              aria-describedby={visible.title ? `${ids}-title-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            />
            {visible.title ? (
              <p id={`${ids}-title-error`} className="text-xs text-destructive">
                {visible.title}
              </p>
            ) : null}
          </div>

          <ReviewTextArea
            id={`${ids}-comment`}
            label="Your review"
            value={draft.comment}
            maxLength={REVIEW_LIMITS.commentMax}
            placeholder="What did you enjoy? What should the next guests know?"
            error={visible.comment}
            onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
          />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {mutation.isPending ? "Submitting…" : "Submit review"}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
