import { type PayoutState, requirementsInWords, type TPayoutAccount } from "@common/entities/payout-account";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, ArrowRight, CircleCheck, FlaskConical, Hourglass, KeyRound, Landmark } from "lucide-react";
import { useSearchParams } from "react-router";
import { AccountPage } from "@/components/layouts/account-page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { LinkButton } from "@/components/ui/link-button";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { serverMessageOf } from "@/lib/error-message";
import { queryPageState } from "@/lib/query-state";
import { payoutAccountQueryOptions, useStartPayoutOnboarding } from "../api/payouts-api";
import { BankPayoutsSection } from "./bank-payouts-list";
import { PayoutTransfersSection } from "./payout-transfers-list";

/** Each state in words: a heading, what it means, and the icon beside it. */
const STATE_WORDS: Record<PayoutState, { title: string; body: string; icon: typeof CircleCheck }> = {
  not_started: {
    title: "Payouts are not set up yet",
    body: "To be paid, set up payouts with Stripe, our payments partner. It takes a few minutes: Stripe asks who you are and which bank account to pay into.",
    icon: Landmark,
  },
  pending: {
    title: "Setting up payouts is not finished",
    body: "Stripe needs a little more before it can pay you. Continue with Stripe where you left off.",
    icon: Hourglass,
  },
  restricted: {
    title: "Stripe needs more information",
    body: "Payouts are paused until you give Stripe what it asks for below.",
    icon: AlertTriangle,
  },
  ready: {
    title: "Payouts are set up",
    body: "Stripe pays what you earn on StayLondon into your bank account.",
    icon: CircleCheck,
  },
};

/** A demo account pays nobody: what "set up" means there. */
const DEMO_READY = "Everything that waits for your payouts to be set up now goes ahead, as it would with Stripe.";

/**
 * Payout Settings (/account/payouts): whether Stripe pays the signed-in payee, what Stripe still needs, and the button
 * that opens Stripe's onboarding. `canSetUp` says whether the person may start it now, or must first turn on
 * two-factor sign-in (where their money goes is guarded by it).
 */
export function PayoutSettingsPage({ canSetUp }: { canSetUp: "allowed" | "two-factor-required" }) {
  const account = useQuery(payoutAccountQueryOptions);
  return (
    <AccountPage
      eyebrow="Account"
      title="Payout Settings"
      intro="How StayLondon pays you. Stripe, our payments partner, keeps your bank details and checks who you are; we never see them."
      actions={null}
    >
      <div className="grid max-w-3xl gap-6">
        <QueryStateView
          state={queryPageState(account, "refetch")}
          errorTitle="Your payout settings could not be loaded"
          loading={<Skeleton className="h-56 rounded-3xl" />}
        >
          {(state) => <PayoutAccountCard account={state} canSetUp={canSetUp} />}
        </QueryStateView>
        <PayoutTransfersSection />
        <BankPayoutsSection />
      </div>
    </AccountPage>
  );
}

function PayoutAccountCard({
  account,
  canSetUp,
}: {
  account: TPayoutAccount;
  canSetUp: "allowed" | "two-factor-required";
}) {
  const [params] = useSearchParams();
  const words = STATE_WORDS[account.state];
  const Icon = words.icon;
  const needs = requirementsInWords(account.requirementsDue);
  return (
    <SectionCard id="payout-status" title="Payout status">
      <div className="grid gap-5">
        {account.demo ? (
          <Alert variant="warning">
            <FlaskConical aria-hidden="true" />
            <AlertTitle>Demo mode: no real money moves</AlertTitle>
            <AlertDescription>
              This is a demo payout account, ready at once. Bookings and jobs run as they would, but nobody is charged
              and nothing is paid into a bank.
            </AlertDescription>
          </Alert>
        ) : null}
        <div className="flex items-start gap-3">
          <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          <div className="grid gap-1">
            <p className="font-display text-xl font-medium">{words.title}</p>
            <p className="text-sm text-muted-foreground">
              {account.demo && account.state === "ready" ? DEMO_READY : words.body}
            </p>
          </div>
        </div>
        {needs.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">What Stripe still needs</h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {needs.map((need) => (
                <li key={need}>{need}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {account.state === "ready" ? null : canSetUp === "allowed" ? (
          <OnboardingButton
            account={account}
            linkExpired={params.get("stripe") === "refresh" && account.state !== "not_started"}
          />
        ) : (
          <TwoFactorFirst />
        )}
      </div>
    </SectionCard>
  );
}

function OnboardingButton({ account, linkExpired }: { account: TPayoutAccount; linkExpired: boolean }) {
  const start = useStartPayoutOnboarding();
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        // Stripe's own pages take the details; they send the person back here when done.
        if (url) window.location.assign(url);
      },
    });
  return (
    <div className="grid gap-3">
      {linkExpired ? (
        <p className="text-sm text-muted-foreground">
          That Stripe link has expired or was already used. Continue with Stripe to get a fresh one.
        </p>
      ) : null}
      {start.isError ? (
        <FormFailure>{serverMessageOf(start.error, "Stripe could not be reached. Please try again.")}</FormFailure>
      ) : null}
      <div>
        <Button size="lg" onClick={begin} disabled={start.isPending || start.isSuccess}>
          {start.isPending
            ? "Opening Stripe…"
            : account.state === "not_started"
              ? "Set up payouts"
              : "Continue with Stripe"}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

function TwoFactorFirst() {
  return (
    <Alert>
      <KeyRound aria-hidden="true" />
      <AlertTitle>Turn on two-factor sign-in first</AlertTitle>
      <AlertDescription className="grid gap-3">
        <span>
          Where your money goes is protected by a code from your authenticator app, so nobody with your password alone
          can change it.
        </span>
        <span>
          <LinkButton to="/profile#two-factor" variant="outline">
            Set up two-factor sign-in
          </LinkButton>
        </span>
      </AlertDescription>
    </Alert>
  );
}
