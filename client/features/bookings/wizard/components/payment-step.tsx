import type { TPaymentIntent } from "@common/schemas/bookings";
import { formatWeekdayDayMonthTime } from "@common/utils/dates";
import { ArrowLeft, ArrowRight, Clock, CreditCard, Loader2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { formatPounds } from "@/lib/format";
import { StepCard } from "./step-card";

// Stripe's libraries load only for guests who pay by card (never in the entry chunk).
const StripePaymentForm = lazy(() => import("@/components/payments/stripe-payment-form"));

/**
 * Step 3. With card payments on: Stripe Elements and Pay. Without (always in tests): the demo text and
 * 'Continue without Payment (Demo)', which leaves the booking as a request the landlord accepts or declines.
 */
export function PaymentStep({
  payment,
  requestHours,
  returnUrl,
  onBack,
  onContinue,
  continuing,
  focusOnMount,
}: {
  payment: TPaymentIntent;
  /** How long the landlord has to answer a request. */
  requestHours: number;
  returnUrl: string;
  /** Absent when the wizard was opened to pay an existing booking: there is no step 2 to go back to. */
  onBack: (() => void) | undefined;
  onContinue: () => void;
  continuing: boolean;
  focusOnMount: boolean;
}) {
  const cardPayment = payment.paymentsEnabled && payment.clientSecret && payment.publishableKey;
  const back = onBack ? (
    <Button variant="outline" size="lg" onClick={onBack} disabled={continuing}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  ) : (
    <span />
  );

  if (cardPayment) {
    return (
      <StepCard
        title="Payment"
        intro={`Pay ${formatPounds(payment.amount)} by card to confirm your stay. Your card is charged in pounds.`}
        focusOnMount={focusOnMount}
        actions={back}
      >
        <Suspense fallback={<LoadingSpinner label="Loading the secure payment form…" className="py-10" />}>
          <StripePaymentForm
            publishableKey={payment.publishableKey ?? ""}
            clientSecret={payment.clientSecret ?? ""}
            amount={payment.amount}
            returnUrl={returnUrl}
            onPaid={onContinue}
          />
        </Suspense>
        {payment.holdExpiresAt ? (
          <p className="mt-5 flex items-center gap-2 text-sm text-muted-foreground">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            We hold these nights for you until {formatWeekdayDayMonthTime(payment.holdExpiresAt)}.
          </p>
        ) : null}
      </StepCard>
    );
  }

  return (
    <StepCard
      title="Payment"
      focusOnMount={focusOnMount}
      actions={
        <>
          {back}
          <Button size="lg" onClick={onContinue} disabled={continuing}>
            {continuing ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Continue without Payment (Demo)
            {continuing ? null : <ArrowRight aria-hidden="true" />}
          </Button>
        </>
      }
    >
      <div className="rounded-2xl border border-dashed border-input bg-secondary/60 p-5 sm:p-6">
        <p className="flex items-start gap-2 font-semibold">
          <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
          Stripe payment integration not configured.
        </p>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
          Card payments are switched off on this site, so nothing will be charged. Continuing sends your booking to the
          landlord as a request: the landlord has {requestHours} hours to accept it, and we hold your dates until then.
        </p>
      </div>
      <dl className="mt-5 flex items-center justify-between gap-4 rounded-2xl border border-border p-4 tabular-nums">
        <dt className="text-sm text-muted-foreground">Total for your stay</dt>
        <dd className="font-display text-2xl font-medium">{formatPounds(payment.amount)}</dd>
      </dl>
    </StepCard>
  );
}
