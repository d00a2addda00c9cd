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
}: {
  title: string;
  onRetry: () => void;
  retryLabel?: string;
  retrying?: boolean;
  /** Read out at once (role="alert"), for an error that replaces content already on screen. */
  announce?: boolean;
}) {
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
