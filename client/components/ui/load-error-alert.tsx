import { CircleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A list or page that failed to load: what failed, "Please try again later." and a button to try again. */
export function LoadErrorAlert({
  title,
  onRetry,
  retryLabel = "Try again",
  retrying = false,
  announce = false,
  centred = false,
}: {
  title: string;
  onRetry: () => void;
  retryLabel?: string;
  retrying?: boolean;
  /** Read out at once (role="alert"), for an error that replaces content already on screen. */
  announce?: boolean;
  /** A whole page that failed: the message centred in the page body, not a banner. */
  centred?: boolean;
}) {
  if (centred) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-destructive/30 bg-card px-6 py-12 text-center shadow-soft">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <div role={announce ? "alert" : undefined} className="mt-4">
          <p className="font-display text-xl font-medium text-foreground">{title}</p>
          <p className="mt-1 text-muted-foreground">Please try again later.</p>
        </div>
        <Button variant="outline" className="mt-6" onClick={onRetry} disabled={retrying}>
          {retryLabel}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <Alert variant="destructive" role={announce ? "alert" : undefined} className="py-5">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>Please try again later.</AlertDescription>
      </Alert>
      <Button variant="outline" className="mt-6" onClick={onRetry} disabled={retrying}>
        {retryLabel}
      </Button>
    </div>
  );
}
