import { Heart, MailWarning } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { SignInRequired, StatusPanel } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { SavedPropertiesPage } from "@/features/saved-properties/components/saved-properties-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { displayName } from "@/lib/user-names";

/** /saved-properties: for signed-in users with a verified e-mail (the feature access rule). */
export function Component() {
  useDocumentTitle("Saved Properties");
  const auth = useAuth();
  if (auth.status === "loading") {
    return (
      <div role="status" className="container-page flex flex-1 flex-col items-center justify-center gap-4 py-24">
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
        />
        <p className="text-muted-foreground">Loading your saved properties...</p>
      </div>
    );
  }
  if (auth.status === "anonymous") {
    return (
      <SignInRequired icon={<Heart />} title="Sign in to see your saved properties">
        Your saved properties are kept with your account. Sign in to see them, or create a free account to start a list.
      </SignInRequired>
    );
  }
  if (!auth.user.emailVerified) {
    return (
      <StatusPanel
        icon={<MailWarning />}
        tone="warning"
        title="Verify your email first"
        actions={
          <LinkButton to="/verification-status" size="lg">
            Verify your email
          </LinkButton>
        }
      >
        <p>Please verify your email address to save properties and see your saved list.</p>
      </StatusPanel>
    );
  }
  return <SavedPropertiesPage name={displayName(auth.user)} />;
}
