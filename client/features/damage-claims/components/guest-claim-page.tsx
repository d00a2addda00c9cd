import { formatPence } from "@common/domain/damage-claims";
import { type TDamageClaim, ZDisputeDamageClaim } from "@common/schemas/damage-claims";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { serverMessageOf } from "@/lib/error-message";
import { bookingClaimsQueryOptions, useAcceptClaim, useDisputeClaim } from "../api/damage-claims-api";
import { ClaimDetails } from "./claim-details";

/** The guest's side of a claim on their stay: the evidence, and accept or dispute while it waits for them. */
export function GuestClaimPage({ bookingId }: { bookingId: number }) {
  const claims = useQuery(bookingClaimsQueryOptions(bookingId));
  if (claims.isPending) return <LoadingSpinner label="Loading the claim…" />;
  if (claims.isError) {
    return (
      <FormFailure>{serverMessageOf(claims.error, "The claim could not be loaded. Please try again.")}</FormFailure>
    );
  }
  if (claims.data.length === 0) return <p>There is no damage claim on this stay.</p>;
  return (
    <div className="grid gap-6">
      {claims.data.map((claim) => (
        <div key={claim.id} className="grid gap-4">
          <ClaimDetails claim={claim} />
          {claim.status === "open" ? <GuestAnswer claim={claim} /> : null}
          {claim.status === "disputed" ? (
            <p className="text-sm">Our team has your answer and will decide the claim; we will e-mail you both.</p>
          ) : null}
        </div>
      ))}
    </div>
  );
}

function GuestAnswer({ claim }: { claim: TDamageClaim }) {
  const accept = useAcceptClaim();
  const dispute = useDisputeClaim();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap gap-3">
      <ConfirmDialog
        trigger={<Button>Accept and pay {formatPence(claim.amountPence)}</Button>}
        open={confirming}
        onOpenChange={setConfirming}
        pending={accept.isPending}
        title="Accept this claim?"
        description={`You agree to pay ${formatPence(claim.amountPence)} to the host for this damage.`}
        cancelLabel="Not now"
        confirmLabel="Accept claim"
        onConfirm={() =>
          accept.mutateAsync(claim.id).then(
            () => setConfirming(false),
            (error: unknown) => {
              setConfirming(false);
              setFailure(serverMessageOf(error, "The claim could not be accepted. Please try again."));
            },
          )
        }
      />
      <ReasonDialog
        trigger={<Button variant="outline">Dispute claim</Button>}
        title="Dispute this claim"
        description="Tell our team what happened. They read both sides, look at the photos and decide."
        reasonLabel="Why you dispute it"
        confirmLabel="Send dispute"
        pendingLabel="Sending…"
        destructive={false}
        schema={ZDisputeDamageClaim}
        onConfirm={(reason) => dispute.mutateAsync({ claimId: claim.id, reason })}
      />
      {failure ? <FormFailure>{failure}</FormFailure> : null}
    </div>
  );
}
