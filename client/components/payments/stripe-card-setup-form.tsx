import { CreditCard } from "lucide-react";
import { StripeElementForm, StripeElements } from "./stripe-elements";

/**
 * Saving a card for later payments with Stripe Elements (a SetupIntent): nothing is charged now. Loaded only when a
 * person asks to save a card, like the payment form, so Stripe's code reaches no one else.
 */
export type StripeCardSetupFormProps = {
  publishableKey: string;
  clientSecret: string;
  /** Where the card issuer sends the person back after a redirect-based check. */
  returnUrl: string;
  /** What the button says (what the card is saved for). */
  label: string;
  onSaved: () => void;
};

export default function StripeCardSetupForm({
  publishableKey,
  clientSecret,
  returnUrl,
  label,
  onSaved,
}: StripeCardSetupFormProps) {
  return (
    <StripeElements publishableKey={publishableKey} clientSecret={clientSecret}>
      <StripeElementForm
        confirm={(stripe, elements) =>
          stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" })
        }
        onDone={onSaved}
        label={label}
        busyLabel="Saving your card…"
        icon={<CreditCard aria-hidden="true" />}
        failureTitle="Your card was not saved"
        failureFallback="Nothing was saved or charged. Please try again."
      />
    </StripeElements>
  );
}
