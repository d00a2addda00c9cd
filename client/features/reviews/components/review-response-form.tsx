import { REVIEW_LIMITS } from "@common/domain/reviews";
import { Loader2, MessageSquareReply } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { mutateThen } from "@/lib/mutation";
import { useRespondToReview } from "../api/reviews";
import { ReviewTextArea } from "./review-text-field";

/** The host's one answer to a review: a Respond button that opens a short form in place. */
export function ReviewResponseForm({
  propertyId,
  reviewId,
  guestName,
}: {
  propertyId: number;
  reviewId: number;
  guestName: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const respondButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const mutation = useRespondToReview(propertyId);

  function close() {
    setOpen(false);
    setProblem(undefined);
    requestAnimationFrame(() => respondButton.current?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const response = text.trim();
    if (!response) {
      setProblem("Write a response before posting it.");
      return;
    }
    mutateThen(
      mutation,
      { reviewId, response },
      {
        onSuccess: () => {
          toast({ title: "Response posted", description: `Your reply to ${guestName} is now shown with the review.` });
          setOpen(false);
          setText("");
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Response not posted",
            description: (isApiError(error) && error.serverMessage) || "Please try again.",
          }),
      },
    );
  }

  if (!open) {
    return (
      <Button ref={respondButton} variant="outline" size="sm" className="mt-4" onClick={() => setOpen(true)}>
        <MessageSquareReply aria-hidden="true" />
        Respond<span className="sr-only"> to {guestName}</span>
      </Button>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3 rounded-xl border border-border bg-background/60 p-4">
      <ReviewTextArea
        id={`${id}-response`}
        label={`Your response to ${guestName}`}
        value={text}
        maxLength={REVIEW_LIMITS.responseMax}
        error={problem}
        rows={4}
        autoFocus
        placeholder="Thank the guest, and answer anything future guests should know."
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(undefined);
        }}
      />
      <p className="text-xs text-muted-foreground">A review can be answered once; your response is public.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" size="sm" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {mutation.isPending ? "Posting…" : "Post response"}
        </Button>
      </div>
    </form>
  );
}
