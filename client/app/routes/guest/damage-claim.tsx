import { useParams } from "react-router";
import { GuestClaimPage } from "@/features/damage-claims/components/guest-claim-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /bookings/:bookingId/damage-claim: the damage claim on one of the guest's stays. */
export function Component() {
  useDocumentTitle("Damage claim");
  const bookingId = Number(useParams().bookingId);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <h1 className="font-display text-4xl font-medium">Damage claim on your stay</h1>
      <GuestClaimPage bookingId={bookingId} />
    </div>
  );
}
