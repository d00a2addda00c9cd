import { ZEmail, ZRegisterRequest } from "@common/schemas/auth";

/** Field name → message, only for the fields that have a problem. */
export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function emailProblem(email: string): string | undefined {
  if (!email.trim()) return "Email is required";
  const parsed = ZEmail.safeParse(email);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

function requiredProblem(value: string, label: string): string | undefined {
  return value.trim() ? undefined : `${label} is required`;
}

/** E-mail and password required. */
export function validateSignIn(values: { email: string; password: string }): FieldErrors<"email" | "password"> {
  return {
    email: emailProblem(values.email),
    password: values.password ? undefined : "Password is required",
  };
}

function passwordProblem(password: string): string | undefined {
  if (!password) return "Password is required";
  const parsed = ZRegisterRequest.shape.password.safeParse(password);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export type RegistrationField = "firstName" | "lastName" | "email" | "password";

/**
 * Names and e-mail required; a password (with the server's length rules, from the shared
 * contract) unless the sign-up finishes a Google or Apple sign-in. The role is checked by the form (it has a toast).
 * An e-mail the provider confirmed is locked, so it is left to the server: an error the visitor cannot fix here
 * would be a dead end.
 */
export function validateRegistration(
  values: Record<RegistrationField, string>,
  { passwordless, emailLocked }: { passwordless: boolean; emailLocked: boolean },
): FieldErrors<RegistrationField> {
  return {
    firstName: requiredProblem(values.firstName, "First name"),
    lastName: requiredProblem(values.lastName, "Last name"),
    email: emailLocked ? undefined : emailProblem(values.email),
    password: passwordless ? undefined : passwordProblem(values.password),
  };
}

/** Moves focus to the first field with a problem, in the order given. */
export function focusFirstInvalid(errors: FieldErrors<string>, idsInOrder: Record<string, string>) {
  const first = Object.keys(idsInOrder).find((field) => errors[field]);
  if (first) document.getElementById(idsInOrder[first] ?? "")?.focus();
}
