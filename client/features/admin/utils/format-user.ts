import type { AuthProvider } from "@common/domain/roles";

type NamedUser = { firstName: string | null; lastName: string | null; email: string };

/** "Daniel Okafor", else the part of the e-mail before the at-sign. */
export function fullName(user: NamedUser): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || user.email.split("@")[0] || user.email;
}

/** "DO" for Daniel Okafor; the e-mail's first letter when there is no name. */
export function initials(user: NamedUser): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim()[0] ?? "").join("");
  return (letters || user.email[0] || "?").toUpperCase();
}

const PROVIDER_LABELS: Record<AuthProvider, string> = {
  email: "Email",
  google: "Google",
  apple: "Apple",
  facebook: "Facebook",
  twitter: "Twitter",
  other: "Other",
};

/** How the account was created: "Email" for a password account, else the sign-in provider's name. */
export function providerLabel(provider: AuthProvider): string {
  return PROVIDER_LABELS[provider];
}
