import { useQuery } from "@tanstack/react-query";
import { Landmark } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { payoutAccountQueryOptions } from "../api/payouts-api";

/**
 * For a listing's owner whose payouts are not ready: guests may still ask to stay, but a booking is confirmed only
 * once the owner can be paid. Shows nothing while loading, on an error, or once payouts are ready.
 */
export function PayoutsNotReadyNotice() {
  const account = useQuery(payoutAccountQueryOptions);
  if (!account.data || account.data.state === "ready") return null;
  return (
    <Alert variant="warning" className="mb-6">
      <Landmark aria-hidden="true" />
      <AlertTitle>Set up payouts to confirm bookings</AlertTitle>
      <AlertDescription>
        Guests can send requests, but bookings are confirmed only once your payouts are set up.{" "}
        <Link to="/account/payouts" className="font-semibold underline underline-offset-2">
          Go to Payout Settings
        </Link>
      </AlertDescription>
    </Alert>
  );
}
