import { expect } from "vitest";
import { saveStripePayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { signedInUser } from "./signed-in";
import type { setUpStripeTestApp } from "./stripe-test-app";

type StripeTestApp = ReturnType<typeof setUpStripeTestApp>;

/**
 * A payee signed in through the real login whose Stripe Connect account, at the local Stripe server, is open and
 * pays out, as onboarding leaves it. With `taxDetails` they have also given the details real transfers wait for.
 */
export async function stripePayee(
  stripe: StripeTestApp,
  options: { role?: "landlord" | "property_manager"; taxDetails?: Record<string, unknown> } = {},
) {
  const { t, server } = stripe;
  const payee = await signedInUser(t.db, server.baseUrl, { role: options.role ?? "landlord", isApproved: true });
  const accountId = `acct_local_${payee.user.id}`;
  stripe.api.accounts.set(accountId, { id: accountId, object: "account", payouts_enabled: true });
  await saveStripePayoutAccount(t.db, payee.user.id, {
    stripeAccountId: accountId,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    requirementsDue: [],
    disabledReason: null,
  });
  if (options.taxDetails) {
    const saved = await payee.client.request("PUT", "/api/account/tax-details", options.taxDetails);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return { ...payee, accountId };
}
