import { useParams } from "react-router";
import { HostClaimPage } from "@/features/damage-claims/components/host-claim-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /landlord/bookings/:bookingId/damage-claim: the host's claim for damage after a stay, or the form to raise it. */
export function Component() {
  useDocumentTitle("Claim for damage");
  const bookingId = Number(useParams().bookingId);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <h1 className="font-display text-4xl font-medium">Claim for damage</h1>
      <HostClaimPage bookingId={bookingId} />
    </div>
  );
}
