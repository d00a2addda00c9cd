import { useMutation } from "@tanstack/react-query";
import { Fingerprint } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { refusalOutcome, signInWithPasskey } from "../api/auth-requests";
import { useSignedIn } from "../hooks/use-sign-in";

/** "Sign in with a passkey": the browser offers this site's passkeys; no e-mail address or password needed. */
export function PasskeySignIn() {
  const signedIn = useSignedIn();
  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: signedIn,
    onError: (error) => {
      // Closing the browser's prompt is a choice, not a failure.
      if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) return;
      toast({
        variant: "destructive",
        title: "Sign in failed",
        description:
          refusalOutcome(error).message ?? "This browser or device could not use a passkey. Please use your password.",
      });
    },
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={passkey.isPending}
      onClick={() => passkey.mutate()}
    >
      <Fingerprint aria-hidden="true" />
      {passkey.isPending ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}
