import { Info } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { PROVIDER_NAMES } from "../api/get-auth-providers";
import { type RegistrationInput, useRegister } from "../hooks/use-register";
import type { AuthNotice } from "../utils/auth-notices";
import type { OAuthSignup } from "../utils/auth-query";
import {
  type FieldErrors,
  focusFirstInvalid,
  hasErrors,
  type RegistrationField,
  validateRegistration,
} from "../utils/validate-auth-forms";
import { OrDivider } from "./or-divider";
import { PasswordInput } from "./password-input";
import { RoleChoice, type SelfServiceRole } from "./role-choice";
import { SocialSignIn } from "./social-sign-in";

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  /** Set when the sign-up finishes a Google or Apple sign-in: no password, and usually a locked e-mail. */
  oauthSignup: OAuthSignup | null;
  onLeaveOAuth: () => void;
  showNotice: (notice: AuthNotice) => void;
  openSignIn: () => void;
};

/** The Create Account tab: role, then Google/Apple or names, e-mail and password. */
export function RegisterForm({ email, onEmailChange, oauthSignup, onLeaveOAuth, showNotice, openSignIn }: Props) {
  const id = useId();
  const ids = {
    firstName: `${id}-first-name`,
    lastName: `${id}-last-name`,
    email: `${id}-email`,
    password: `${id}-password`,
  };
  const [role, setRole] = useState<SelfServiceRole | null>(null);
  const [roleError, setRoleError] = useState<string>();
  const [names, setNames] = useState({ firstName: "", lastName: "" });
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<RegistrationField>>({});
  const registration = useRegister({ showNotice, openSignIn });

  const clearError = (field: RegistrationField) => setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateRegistration(
      { ...names, email, password },
      {
        passwordless: oauthSignup !== null,
        emailLocked: oauthSignup?.emailLocked ?? false,
      },
    );
    setErrors(problems);
    if (!role) {
      setRoleError("Choose Guest/Tenant or Landlord/Owner");
      toast({
        variant: "destructive",
        title: "Please select a role",
        description: "You must choose your role before creating an account.",
      });
    }
    if (hasErrors(problems)) focusFirstInvalid(problems, ids);
    if (!role || hasErrors(problems)) return;

    const data = { email: email.trim(), firstName: names.firstName.trim(), lastName: names.lastName.trim(), role };
    const input: RegistrationInput = oauthSignup
      ? { kind: "oauth", data: { ...data, provider: oauthSignup.provider } }
      : { kind: "password", data: { ...data, password } };
    registration.mutate(input);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Create an account">
      {oauthSignup ? <OAuthSignupBanner signup={oauthSignup} onLeave={onLeaveOAuth} /> : null}

      <RoleChoice
        value={role}
        error={roleError}
        onChange={(next) => {
          setRole(next);
          setRoleError(undefined);
        }}
      />

      {oauthSignup ? null : (
        <>
          <SocialSignIn intent="register" role={role} />
          <OrDivider>or register with email</OrDivider>
        </>
      )}

      <div className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={ids.firstName} label="First name" required error={errors.firstName}>
            {(control) => (
              <Input
                {...control}
                name="firstName"
                autoComplete="given-name"
                value={names.firstName}
                onChange={(event) => {
                  setNames((current) => ({ ...current, firstName: event.target.value }));
                  clearError("firstName");
                }}
              />
            )}
          </FormField>
          <FormField id={ids.lastName} label="Last name" required error={errors.lastName}>
            {(control) => (
              <Input
                {...control}
                name="lastName"
                autoComplete="family-name"
                value={names.lastName}
                onChange={(event) => {
                  setNames((current) => ({ ...current, lastName: event.target.value }));
                  clearError("lastName");
                }}
              />
            )}
          </FormField>
        </div>

        <FormField
          id={ids.email}
          label="Email"
          required
          error={errors.email}
          hint={
            oauthSignup?.emailLocked
              ? `The address ${PROVIDER_NAMES[oauthSignup.provider]} confirmed for you; it cannot be changed here.`
              : undefined
          }
        >
          {(control) => (
            <EmailInput
              {...control}
              readOnly={oauthSignup?.emailLocked ?? false}
              value={email}
              onChange={(event) => {
                onEmailChange(event.target.value);
                clearError("email");
              }}
            />
          )}
        </FormField>

        {oauthSignup ? null : (
          <FormField
            id={ids.password}
            label="Password"
            required
            error={errors.password}
            hint="At least 8 characters. A few unrelated words make a strong, memorable password."
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  clearError("password");
                }}
              />
            )}
          </FormField>
        )}
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}

function OAuthSignupBanner({ signup, onLeave }: { signup: OAuthSignup; onLeave: () => void }) {
  const provider = PROVIDER_NAMES[signup.provider];
  return (
    <Alert>
      <Info aria-hidden="true" />
      <AlertTitle>Finish signing up with {provider}</AlertTitle>
      <AlertDescription>
        {signup.emailLocked
          ? `Choose your role and add your name. No password needed: you'll sign in with ${provider}.`
          : "Enter the email address you'd like us to use, choose your role and add your name. No password needed."}{" "}
        <Button variant="link" className="text-sm" onClick={onLeave}>
          Use a password instead
        </Button>
      </AlertDescription>
    </Alert>
  );
}
