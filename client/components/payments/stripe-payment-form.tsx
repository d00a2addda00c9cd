import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { Loader2, Lock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { formatPounds } from "@/lib/format";

/**
 * Card payment with Stripe Elements. This module is loaded only when the server says card payments are on, so
 * Stripe's code (and its script from js.stripe.com) never reaches visitors who do not pay by card.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  /** Where the card issuer sends the guest back after a redirect-based check. */
  returnUrl: string;
  onPaid: () => void;
};

export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: StripePaymentFormProps) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          theme: "stripe",
          variables: { colorPrimary: "#14213d", borderRadius: "12px", fontFamily: "Inter, system-ui, sans-serif" },
        },
      }}
    >
      <PayForm {...rest} />
    </Elements>
  );
}

function PayForm({ amount, returnUrl, onPaid }: Omit<StripePaymentFormProps, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  async function pay() {
    if (!stripe || !elements || paying) return;
    setPaying(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: "if_required",
      });
      if (error) {
        toast({
          variant: "destructive",
          title: "Payment failed",
          description: error.message ?? "Your card was not charged. Please try again.",
        });
        return;
      }
      onPaid();
    } finally {
      setPaying(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
      className="grid gap-6"
    >
      <PaymentElement />
      <Button type="submit" size="lg" disabled={!stripe || !elements || paying} className="w-full sm:w-auto">
        {paying ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Lock aria-hidden="true" />}
        {paying ? "Paying…" : `Pay ${formatPounds(amount)}`}
      </Button>
    </form>
  );
}
