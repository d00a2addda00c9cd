import { useSearchParams } from "react-router";
import { AuthFrame } from "@/features/auth/components/auth-frame";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /forgot-password[?email=]: ask for a link to choose a new password. */
export function Component() {
  useDocumentTitle("Forgot your password?");
  const [searchParams] = useSearchParams();
  return (
    <AuthFrame>
      <ForgotPasswordForm initialEmail={searchParams.get("email") ?? ""} />
    </AuthFrame>
  );
}
