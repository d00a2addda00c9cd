import { type TTwoFactorSignIn, ZRecoveryCode, ZTotpCode } from "@common/schemas/two-factor";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { OneTimeCodeInput } from "@/components/ui/one-time-code-input";
import { serverMessageOf } from "@/lib/error-message";
import { completeTwoFactor } from "../api/auth-requests";
import { useSignedIn } from "../hooks/use-sign-in";

/**
 * The second step of signing in with two-factor on: the 6-digit code from the authenticator app, or one of the
 * recovery codes. `onRestart` goes back to the password (the waiting sign-in lasts five minutes).
 */
export function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<"app" | "recovery">("app");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const signedIn = useSignedIn();
  const complete = useMutation({
    mutationFn: (input: TTwoFactorSignIn) => completeTwoFactor(input),
    onSuccess: signedIn,
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (mode === "app" ? ZTotpCode : ZRecoveryCode).safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setError(undefined);
    complete.mutate(mode === "app" ? { code: parsed.data } : { recoveryCode: parsed.data });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby={`${id}-title`}>
      <div className="grid gap-2">
        <ShieldCheck aria-hidden="true" className="size-8 text-brass-700" />
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          Two-factor sign-in
        </h2>
        <p className="text-sm leading-relaxed text-muted-foreground">
          {mode === "app"
            ? "Enter the 6-digit code your authenticator app shows for StayLondon."
            : "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once."}
        </p>
      </div>
      <FormField
        id={`${id}-code`}
        label={mode === "app" ? "Authentication code" : "Recovery code"}
        required
        error={error}
      >
        {(control) => (
          <OneTimeCodeInput
            key={mode}
            kind={mode}
            autoFocus
            {...control}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      {complete.isError ? (
        <FormFailure>{serverMessageOf(complete.error, "That code did not work. Please try again.")}</FormFailure>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
        {complete.isPending ? "Checking..." : "Verify and sign in"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="text-sm"
          onClick={() => {
            setMode(mode === "app" ? "recovery" : "app");
            setValue("");
            setError(undefined);
            complete.reset();
          }}
        >
          {mode === "app" ? "Use a recovery code" : "Use your authenticator app"}
        </Button>
        <Button type="button" variant="link" className="text-sm" onClick={onRestart}>
          Start again
        </Button>
      </div>
    </form>
  );
}
