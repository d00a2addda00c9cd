import { Loader2, Mail } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { Label } from "@/components/ui/label";
import { failureMessage, useSendEmailVerification } from "../api/email-verification";

/**
 * Sends a fresh verification link. A signed-in user needs nothing more than the button; a signed-out visitor (a new
 * landlord cannot sign in before verifying) types the address the link should go to.
 */
export function ResendVerificationEmail({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <ResendForSignedInUser /> : <ResendToAddress />;
}

function SendLabel({ pending }: { pending: boolean }) {
  return pending ? (
    <>
      <Loader2 aria-hidden="true" className="animate-spin" />
      Sending…
    </>
  ) : (
    <>
      <Mail aria-hidden="true" />
      Resend Verification Email
    </>
  );
}

function ResendForSignedInUser() {
  const send = useSendEmailVerification();
  return (
    <Button onClick={() => send.mutate(undefined)} disabled={send.isPending}>
      <SendLabel pending={send.isPending} />
    </Button>
  );
}

function ResendToAddress() {
  const send = useSendEmailVerification();
  const [email, setEmail] = useState("");
  const inputId = useId();
  const sentMessage = send.isSuccess ? send.data : null;

  return (
    <form
      className="grid w-full gap-3 text-left"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(email.trim());
      }}
    >
      <Label htmlFor={inputId}>Email address</Label>
      <EmailInput
        id={inputId}
        required
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" disabled={send.isPending}>
        <SendLabel pending={send.isPending} />
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {sentMessage}
      </p>
      {send.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(send.error)}
        </p>
      ) : null}
    </form>
  );
}
