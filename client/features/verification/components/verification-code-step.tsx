import { useMutation } from "@tanstack/react-query";
import { Loader2, RotateCw, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LinkButton } from "@/components/ui/link-button";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "../api/email-verification";
import { sendPhoneCode, verifyPhoneCode } from "../api/phone-verification";
import { useCountdown } from "../hooks/use-countdown";
import { CODE_LENGTH, toCodeDigits } from "../utils/verification-code";

/** Step 2 of phone verification: the texted code, a resend on a countdown, and a way out. */
export function VerificationCodeStep({
  phoneNumber,
  resendAfterSeconds,
  onChangeNumber,
  onVerified,
}: {
  phoneNumber: string;
  resendAfterSeconds: number;
  onChangeNumber: () => void;
  onVerified: () => void;
}) {
  const [code, setCode] = useState("");
  const inputId = useId();
  const countdown = useCountdown();
  const { start } = countdown;

  // The wait starts with the code that brought the user here.
  useEffect(() => start(resendAfterSeconds), [start, resendAfterSeconds]);

  const resend = useMutation({
    mutationFn: () => sendPhoneCode(phoneNumber),
    onSuccess: (sent) => {
      toast({ title: "Verification code sent", description: sent.message });
      setCode("");
      start(sent.resendAfterSeconds);
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Failed to send code", description: failureMessage(error) }),
  });

  const verify = useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: () => {
      toast({
        title: "Phone verified successfully!",
        description: "You now have full access to StayLondon features.",
      });
      onVerified();
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Verification failed", description: failureMessage(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      toast({
        variant: "destructive",
        title: "Verification code required",
        description: "Please enter the verification code.",
      });
      return;
    }
    verify.mutate(code);
  };

  const waiting = countdown.remaining > 0;
  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={submit} className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Verification code</Label>
          <Input
            id={inputId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            placeholder="••••••"
            value={code}
            onChange={(event) => setCode(toCodeDigits(event.target.value))}
            // The indent balances the letter-spacing after the last digit, so the code sits in the middle.
            className="h-14 indent-[0.5em] text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
          />
        </div>
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <ShieldCheck aria-hidden="true" />
          )}
          {verify.isPending ? "Verifying…" : "Verify"}
        </Button>
      </form>

      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={onChangeNumber}>
          Change Phone Number
        </Button>
        <Button variant="outline" onClick={() => resend.mutate()} disabled={waiting || resend.isPending}>
          <RotateCw aria-hidden="true" className={resend.isPending ? "animate-spin" : undefined} />
          {waiting ? `Resend Code (${countdown.remaining}s)` : "Resend Code"}
        </Button>
      </div>

      <div className="border-t border-border pt-5 text-center">
        <LinkButton to="/dashboard" variant="link" className="text-muted-foreground">
          Skip for Now (Limited Access)
        </LinkButton>
      </div>
    </div>
  );
}
