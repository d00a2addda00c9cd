import type * as React from "react";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { useSignIn } from "../hooks/use-sign-in";
import type { AuthNotice } from "../utils/auth-notices";
import { type FieldErrors, focusFirstInvalid, hasErrors, validateSignIn } from "../utils/validate-auth-forms";
import { OrDivider } from "./or-divider";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordInput } from "./password-input";
import { SocialSignIn } from "./social-sign-in";
import { TwoFactorStep } from "./two-factor-step";

/** The Sign In tab: Google and Apple, or e-mail and password. */
export function SignInForm({
  email,
  onEmailChange,
  showNotice,
  openRegistration,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  showNotice: (notice: AuthNotice) => void;
  openRegistration: (email: string) => void;
}) {
  const id = useId();
  const ids = { email: `${id}-email`, password: `${id}-password` };
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<"email" | "password">>({});
  // Google or Apple may come back asking for the code too (the provider-return page sends ?twoFactor=1).
  const [searchParams] = useSearchParams();
  const [askingForCode, setAskingForCode] = useState(searchParams.get("twoFactor") === "1");
  const signIn = useSignIn({ showNotice, openRegistration, askForCode: () => setAskingForCode(true) });

  if (askingForCode) {
    return (
      <TwoFactorStep
        onRestart={() => {
          setPassword("");
          setAskingForCode(false);
        }}
      />
    );
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateSignIn({ email, password });
    setErrors(problems);
    if (hasErrors(problems)) {
      focusFirstInvalid(problems, ids);
      return;
    }
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <div className="grid gap-6">
      <SocialSignIn intent="login" />
      <PasskeySignIn />
      <OrDivider>or sign in with email</OrDivider>
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign in with email">
        <FormField id={ids.email} label="Email" required error={errors.email}>
          {(control) => (
            <EmailInput
              {...control}
              value={email}
              onChange={(event) => {
                onEmailChange(event.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
            />
          )}
        </FormField>
        <FormField id={ids.password} label="Password" required error={errors.password}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
            />
          )}
        </FormField>
        <LinkButton
          to={email.trim() ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : "/forgot-password"}
          variant="link"
          className="-mt-2 justify-self-end text-sm"
        >
          Forgot password?
        </LinkButton>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </div>
  );
}
