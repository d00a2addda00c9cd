import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { FeatureAccessTable } from "@/features/verification/components/feature-access-table";
import { VerificationStatusCards } from "@/features/verification/components/verification-status-cards";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /verification-status: where the user stands, and what each step unlocks. */
export function Component() {
  useDocumentTitle("Verification Status");
  const auth = useAuth();

  if (auth.status === "loading") return <PageSpinner />;
  if (auth.status === "anonymous") {
    return (
      <SignInRequired title="Authentication Required">Please sign in to see your verification status.</SignInRequired>
    );
  }
  return (
    <div className="container-page py-12 sm:py-16">
      <header className="max-w-2xl">
        <p className="eyebrow">Your account</p>
        <h1 className="mt-3 font-display text-4xl font-medium tracking-tight">Verification Status</h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">
          A verified email and phone keep StayLondon safe for guests and hosts, and open up saving, reviewing and
          booking.
        </p>
      </header>
      <div className="mt-10 grid gap-8">
        <VerificationStatusCards user={auth.user} />
        <FeatureAccessTable user={auth.user} />
      </div>
    </div>
  );
}
