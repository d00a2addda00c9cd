import { useQueryClient } from "@tanstack/react-query";
import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { authKeys } from "@/features/auth/api/auth-keys";
import { useAuth } from "@/features/auth/api/session";
import { PhoneVerificationFlow } from "@/features/verification/components/phone-verification-flow";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /phone-verification. */
export function Component() {
  useDocumentTitle("Phone Verification");
  const auth = useAuth();
  const queryClient = useQueryClient();

  if (auth.status === "loading") return <PageSpinner />;
  if (auth.status === "anonymous") {
    return (
      <SignInRequired title="Sign in to verify your phone">Please sign in to verify your phone number.</SignInRequired>
    );
  }
  return (
    <PhoneVerificationFlow
      user={auth.user}
      onVerified={() => void queryClient.invalidateQueries({ queryKey: authKeys.user })}
    />
  );
}
