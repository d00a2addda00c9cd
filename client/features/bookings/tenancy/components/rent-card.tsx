import { londonToday } from "@common/domain/calendar-dates";
import type { TTenancy, TTenancyCardSetup } from "@common/schemas/tenancies";
import { CreditCard } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { useRefreshTenancy, useRentCardSetup } from "../api/tenancy-api";

// Stripe's libraries load only when a tenant asks to save their card (never with My Bookings itself).
const StripeCardSetupForm = lazy(() => import("@/components/payments/stripe-card-setup-form"));

const SAVE_LABEL = "Save a card for your monthly rent";

/**
 * The card a periodic tenancy's rent is collected with: whether one is saved, and for the tenant without one, the
 * offer to save it with Stripe (nothing is charged then). In demo mode no card is needed, and the panel says so.
 */
export function RentCard({ tenancy, side }: { tenancy: TTenancy; side: "tenant" | "landlord" }) {
  if (tenancy.demo) {
    return (
      <p>
        Demo mode: the rent is recorded as demo money and nothing is charged, so no card is needed
        {side === "tenant" ? " from you" : ""}.
      </p>
    );
  }
  const ended = tenancy.endsOn !== null && tenancy.endsOn < londonToday();
  if (tenancy.cardSaved) {
    if (side === "landlord") return <p>The tenant has saved the card their rent is collected with.</p>;
    if (ended) return <p>Your card for the rent was saved; the tenancy has ended.</p>;
    return <SaveRentCard tenancy={tenancy} replacing />;
  }
  if (side === "landlord") {
    return (
      <p>
        The tenant has not saved a card for the rent yet
        {tenancy.agreed ? "." : ": you can agree the tenancy once they have."}
      </p>
    );
  }
  if (ended) return null;
  return <SaveRentCard tenancy={tenancy} />;
}

/**
 * The tenant's offer to save a card, or to replace the saved one (expired, lost or changed): a SetupIntent from the
 * server, then Stripe's card fields. A replacement takes over once Stripe confirms it; until then the saved card is
 * the one charged.
 */
function SaveRentCard({ tenancy, replacing = false }: { tenancy: TTenancy; replacing?: boolean }) {
  const setUp = useRentCardSetup(tenancy.bookingId);
  const refresh = useRefreshTenancy(tenancy.bookingId);
  const [setup, setSetup] = useState<TTenancyCardSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function start() {
    setFailure(null);
    try {
      setSetup(await setUp.mutateAsync());
    } catch (error) {
      setFailure((isApiError(error) && error.serverMessage) || "The card form could not be opened. Please try again.");
    }
  }

  return (
    <div className="grid gap-3">
      <p>
        {replacing
          ? "Your card for the rent is saved: each month's rent is taken from it on its due day. If it has expired or you want another card used, replace it: the next month's rent, and a month still being retried, is then taken from the new card."
          : tenancy.agreed
            ? "No card is saved for your rent yet: save one so each month's rent can be collected on its due day."
            : "No card is saved for your rent yet: your landlord can agree the tenancy once you have saved one, and the first month's rent is taken from it then."}{" "}
        Nothing is charged when you save it.
      </p>
      {setup ? (
        <Suspense fallback={<LoadingSpinner label="Loading the secure card form…" className="py-6" />}>
          <StripeCardSetupForm
            publishableKey={setup.publishableKey}
            clientSecret={setup.clientSecret}
            returnUrl={`${window.location.origin}/bookings`}
            label={replacing ? "Use this card instead" : "Save this card"}
            onSaved={() => {
              toast({
                title: replacing ? "Card replaced" : "Card saved",
                description: "Your monthly rent will be collected from this card.",
              });
              setSetup(null);
              void refresh();
            }}
          />
        </Suspense>
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => void start()} disabled={setUp.isPending}>
            <CreditCard aria-hidden="true" />
            {replacing ? "Replace card" : SAVE_LABEL}
          </Button>
        </div>
      )}
      {failure ? (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
