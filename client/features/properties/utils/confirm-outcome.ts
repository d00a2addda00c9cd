import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";

/**
 * What a confirmed change does once the server answers: the dialog closes either way, and a toast says what happened
 * (on a refusal, the server's own reason).
 */
export function confirmOutcome<T>(
  close: () => void,
  success: (result: T) => { title: string; description: string },
  failureTitle: string,
) {
  return {
    onSuccess: (result: T) => {
      close();
      toast(success(result));
    },
    onError: (error: unknown) => {
      close();
      toast({ variant: "destructive", title: failureTitle, description: serverMessageOf(error, "Please try again.") });
    },
  };
}
