import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type StripeElements as ElementsOfStripe, loadStripe, type Stripe, type StripeError } from "@stripe/stripe-js";
import { Loader2, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";

/**
 * What the card forms share (paying for a stay, saving a card for rent): Stripe.js loaded once per key, Elements in
 * the site's look, and one form that confirms with Stripe and says what went wrong. Only the lazily loaded payment
 * modules import this, so Stripe's code never reaches visitors who do not use a card.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a key, loaded once; null when it could not be loaded (offline, blocked), which is asked again later. */
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    void stripe.then((loaded) => {
      if (!loaded) stripeByKey.delete(publishableKey);
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe.js, and whether it failed to load: a form that can never appear says so instead of waiting. */
function useStripeLoad(publishableKey: string) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && !loaded) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);
  return { stripe, failed };
}

export function StripeElements({
  publishableKey,
  clientSecret,
  children,
}: {
  publishableKey: string;
  clientSecret: string;
  children: ReactNode;
}) {
  const { stripe, failed } = useStripeLoad(publishableKey);
  if (failed) {
    return (
      <Alert variant="destructive" role="alert">
        <TriangleAlert aria-hidden="true" />
        <AlertDescription>
          The secure card form from Stripe could not be loaded. Check your connection, then reload the page and try
          again.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: {
          theme: "stripe",
          variables: { colorPrimary: "#14213d", borderRadius: "12px", fontFamily: "Inter, system-ui, sans-serif" },
        },
      }}
    >
      {children}
    </Elements>
  );
}

/**
 * Stripe's card fields and a submit button. `confirm` asks Stripe (a payment or a saved card); an error it answers is
 * shown with `failureTitle`, and `onDone` runs once Stripe has confirmed.
 */
export function StripeElementForm({
  confirm,
  onDone,
  label,
  busyLabel,
  icon,
  failureTitle,
  failureFallback,
}: {
  confirm: (stripe: Stripe, elements: ElementsOfStripe) => Promise<{ error?: StripeError }>;
  onDone: () => void;
  label: string;
  busyLabel: string;
  icon: ReactNode;
  failureTitle: string;
  failureFallback: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      const { error } = await confirm(stripe, elements);
      if (error) {
        toast({ variant: "destructive", title: failureTitle, description: error.message ?? failureFallback });
        return;
      }
      onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-6"
    >
      <PaymentElement />
      <Button type="submit" size="lg" disabled={!stripe || !elements || busy} className="w-full sm:w-auto">
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
        {busy ? busyLabel : label}
      </Button>
    </form>
  );
}
