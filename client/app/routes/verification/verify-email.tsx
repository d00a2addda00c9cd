import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { authKeys } from "@/features/auth/api/auth-keys";
import { useAuth } from "@/features/auth/api/session";
import { useEmailVerification } from "@/features/verification/api/email-verification";
import { EmailVerificationPanel } from "@/features/verification/components/email-verification-panel";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /verify-email?token=…: the link from the verification e-mail lands here. */
export function Component() {
  useDocumentTitle("Verify Email");
  const [searchParams] = useSearchParams();
  const result = useEmailVerification(searchParams.get("token"));
  const auth = useAuth();
  const queryClient = useQueryClient();

  // A signed-in user's emailVerified flag has just changed: read the user again.
  useEffect(() => {
    if (result.state === "success") void queryClient.invalidateQueries({ queryKey: authKeys.user });
  }, [result.state, queryClient]);

  return <EmailVerificationPanel result={result} signedIn={auth.status === "authenticated"} />;
}
