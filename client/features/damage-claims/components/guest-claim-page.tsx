import { formatDateGb } from "@common/domain/calendar-dates";
import { formatPence } from "@common/domain/damage-claims";
import { DEMO_HOLD_LABEL, HOLD_STATUS_LABELS } from "@common/domain/security-deposits";
import { type TDamageClaim, ZDisputeDamageClaim } from "@common/schemas/damage-claims";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { serverMessageOf } from "@/lib/error-message";
import {
  bookingClaimsQueryOptions,
  claimPaymentQueryOptions,
  damageClaimKeys,
  securityDepositQueryOptions,
  useAcceptClaim,
  useDisputeClaim,
} from "../api/damage-claims-api";
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
  return (
    <div className="grid gap-6">
      <SecurityDepositHold bookingId={bookingId} />
      {claims.data.length === 0 ? <p>There is no damage claim on this stay.</p> : null}
      {claims.data.map((claim) => (
        <div key={claim.id} className="grid gap-4">
          <ClaimDetails claim={claim} />
          {claim.status === "open" ? <GuestAnswer claim={claim} /> : null}
          {claim.status === "awaiting_payment" ? <ClaimPayment claim={claim} /> : null}
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

/** Stripe's card form, loaded only when an agreed claim is to be paid by card. */
const StripePaymentForm = lazy(() => import("@/components/payments/stripe-payment-form"));

/**
 * An agreed claim awaiting the guest's card: Stripe's card form for exactly the agreed amount. Paid, the claim is
 * marked so once Stripe tells the app; until then the page says the payment is being confirmed.
 */
function ClaimPayment({ claim }: { claim: TDamageClaim }) {
  const payment = useQuery(claimPaymentQueryOptions(claim.id));
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  const agreed = claim.agreedPence ?? 0;
  if (payment.isPending) return <LoadingSpinner label="Loading the card payment…" />;
  if (payment.isError) {
    return (
      <FormFailure>
        {serverMessageOf(payment.error, "The card payment could not be set up. Please try again.")}
      </FormFailure>
    );
  }
  const { clientSecret, publishableKey } = payment.data;
  return (
    <section aria-labelledby={`claim-${claim.id}-payment`} className="grid gap-3 rounded-2xl border border-border p-5">
      <h2 id={`claim-${claim.id}-payment`} className="font-display text-xl font-medium">
        Pay {formatPence(agreed)} by card
      </h2>
      {paid ? (
        <p role="status">Thank you: your payment is being confirmed. This page shows it as paid once it is.</p>
      ) : clientSecret && publishableKey ? (
        <Suspense fallback={<LoadingSpinner label="Loading the secure payment form…" />}>
          <StripePaymentForm
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            amount={agreed / 100}
            returnUrl={`${window.location.origin}/bookings/${claim.bookingId}/damage-claim`}
            onPaid={() => {
              setPaid(true);
              void queryClient.invalidateQueries({ queryKey: damageClaimKeys.all });
            }}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-muted-foreground">Card payments are not available right now.</p>
      )}
    </section>
  );
}

/** The stay's refundable security deposit and where its card hold stands, when the stay was booked with one. */
function SecurityDepositHold({ bookingId }: { bookingId: number }) {
  const hold = useQuery(securityDepositQueryOptions(bookingId));
  if (!hold.data || hold.data.amountPence === null) return null;
  const { amountPence, status, demo, authoriseOn, releaseOn, capturedPence, note } = hold.data;
  return (
    <section aria-labelledby="security-deposit-heading" className="rounded-2xl border border-border p-5 text-sm">
      <h2 id="security-deposit-heading" className="font-display text-xl font-medium">
        Refundable security deposit: {formatPence(amountPence)}
      </h2>
      <p className="mt-2">
        {status === null
          ? `To be held on your card on ${authoriseOn ? formatDateGb(authoriseOn) : "the day before check-in"}; not charged.`
          : HOLD_STATUS_LABELS[status]}
        {status === "authorised" && releaseOn
          ? `, released by ${formatDateGb(releaseOn)} unless damage is agreed.`
          : ""}
        {status === "captured" && capturedPence !== null
          ? `: ${formatPence(capturedPence)} taken, the rest released.`
          : ""}
      </p>
      {note ? <p className="mt-1 text-muted-foreground">{note}</p> : null}
      {demo ? <p className="mt-1 font-medium">{DEMO_HOLD_LABEL}</p> : null}
    </section>
  );
}
