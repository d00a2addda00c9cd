import { AuthScreen } from "@/features/auth/components/auth-screen";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /auth: sign-in and registration. */
export function Component() {
  useDocumentTitle("Sign in or create an account");
  return <AuthScreen />;
}
