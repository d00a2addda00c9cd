import { useSearchParams } from "react-router";
import { AuthFrame } from "@/features/auth/components/auth-frame";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /reset-password?token=…: the link from the reset e-mail lands here. */
export function Component() {
  useDocumentTitle("Choose a new password");
  const [searchParams] = useSearchParams();
  return (
    <AuthFrame>
      <ResetPasswordForm token={searchParams.get("token") ?? ""} />
    </AuthFrame>
  );
}
