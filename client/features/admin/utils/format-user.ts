import type { AuthProvider } from "@common/domain/roles";

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
