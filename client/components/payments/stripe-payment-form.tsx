import { Lock } from "lucide-react";
import { formatPounds } from "@/lib/format";
import { StripeElementForm, StripeElements } from "./stripe-elements";

/**
 * Card payment with Stripe Elements. This module is loaded only when the server says card payments are on, so
 * Stripe's code (and its script from js.stripe.com) never reaches visitors who do not pay by card.
 */

export type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  /** Where the card issuer sends the guest back after a redirect-based check. */
  returnUrl: string;
  onPaid: () => void;
};

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  amount,
  returnUrl,
  onPaid,
}: StripePaymentFormProps) {
  return (
    <StripeElements publishableKey={publishableKey} clientSecret={clientSecret}>
      <StripeElementForm
        confirm={(stripe, elements) =>
          stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" })
        }
        onDone={onPaid}
        label={`Pay ${formatPounds(amount)}`}
        busyLabel="Paying…"
        icon={<Lock aria-hidden="true" />}
        failureTitle="Payment failed"
        failureFallback="Your card was not charged. Please try again."
      />
    </StripeElements>
  );
}
