import type { TPhoneCodeSent } from "@common/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { Loader2, Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "../api/email-verification";
import { sendPhoneCode } from "../api/phone-verification";

/** Step 1 of phone verification: the number the code is texted to. */
export function PhoneNumberStep({
  initialPhoneNumber,
  onCodeSent,
}: {
  initialPhoneNumber: string;
  onCodeSent: (sent: TPhoneCodeSent) => void;
}) {
  const [phoneNumber, setPhoneNumber] = useState(initialPhoneNumber);
  const inputId = useId();
  const hintId = useId();
  const send = useMutation({
    mutationFn: sendPhoneCode,
    onSuccess: (sent) => {
      toast({ title: "Verification code sent", description: sent.message });
      onCodeSent(sent);
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Failed to send code", description: failureMessage(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = phoneNumber.trim();
    if (!trimmed) {
      toast({ variant: "destructive", title: "Phone number required", description: "Please enter your phone number." });
      return;
    }
    send.mutate(trimmed);
  };

  // No `required` attribute: the browser's own bubble would pre-empt the spec's toast.
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Phone number</Label>
        <Input
          id={inputId}
          type="tel"
          autoComplete="tel"
          placeholder="07911 123456"
          aria-describedby={hintId}
          value={phoneNumber}
          onChange={(event) => setPhoneNumber(event.target.value)}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          UK phone numbers only (with a country code if international, e.g. +44 7911 123456).
        </p>
      </div>
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {send.isPending ? "Sending code…" : "Send Verification Code"}
      </Button>
    </form>
  );
}
