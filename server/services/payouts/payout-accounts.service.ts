import type Stripe from "stripe";
import { penceToPounds } from "../../../common/domain/pricing";
import { bookingReference } from "../../../common/entities/booking";
import {
  payoutState,
  type TPayoutAccount,
  type TPayoutOnboarding,
  type TPayoutTransfers,
} from "../../../common/entities/payout-account";
import { jobReference } from "../../../common/schemas/maintenance";
import type { Database } from "../../db/client";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  applyPayoutStatus,
  findPayoutAccount,
  insertDemoPayoutAccount,
  lockPayoutAccountByStripeId,
  type PayoutAccountRow,
  saveStripePayoutAccount,
  serialisePayoutSetUp,
} from "../../repositories/payout-accounts.repository";
import { findSentTransfers, findUpcomingShares } from "../../repositories/payout-transfers.repository";
import { firstDeliveryOf } from "../../repositories/stripe-events.repository";
import { payoutAccountStatus, type StripeGateway, ZAccount } from "../payments/stripe-gateway";

/** Where Stripe sends the person back to: Payout Settings, which shows the state the webhook has recorded. */
export const PAYOUT_SETTINGS_PATH = "/account/payouts";

const toPayoutAccount = (row: PayoutAccountRow | undefined): TPayoutAccount => ({
  state: payoutState(row),
  demo: row?.demo ?? false,
  requirementsDue: row?.requirementsDue ?? [],
  disabledReason: row?.disabledReason ?? null,
  payoutsEnabled: row?.payoutsEnabled ?? false,
});

/**
 * A payee's payout account: a Stripe Connect Express account, set up on Stripe's hosted onboarding (Stripe, not the
 * app, takes identity documents and bank details), and kept up to date by Stripe's `account.updated` events. Without
 * Stripe keys (demo mode) the account is a demo one, ready at once, so the flows that wait for payouts run the same.
 * The gates (server/access/) have already checked that the person is a payee; every call is about their own account.
 */
export class PayoutAccountsService {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly publicUrl: string,
  ) {}

  /** GET /api/payouts/account. */
  async account(user: { id: number }): Promise<TPayoutAccount> {
    return toPayoutAccount(await findPayoutAccount(this.db, user.id));
  }

  /** GET /api/payouts/transfers: the payee's own transfers (the latest 20) and their next 20 shares to come. */
  async transfers(user: { id: number }): Promise<TPayoutTransfers> {
    const [sent, upcoming] = await Promise.all([
      findSentTransfers(this.db, user.id, 20),
      findUpcomingShares(this.db, user.id, 20),
    ]);
    return {
      sent: sent.map((transfer) => ({
        reference:
          transfer.bookingId !== null
            ? bookingReference(transfer.bookingId)
            : jobReference(transfer.maintenanceJobId ?? 0),
        kind: transfer.bookingId !== null ? ("stay" as const) : ("job" as const),
        amount: penceToPounds(transfer.amountPence),
        demo: transfer.demo,
        date: transfer.sentAt?.toISOString() ?? "",
      })),
      upcoming: upcoming.map((share) => ({
        reference: bookingReference(share.bookingId),
        kind: "stay" as const,
        amount: penceToPounds(share.heldPence),
        demo: share.demo,
        date: share.releaseOn,
      })),
    };
  }

  /**
   * POST /api/payouts/onboarding: opens the person's account once (a second call reuses it) and answers a fresh link to
   * Stripe's onboarding, which can be used only once and expires within minutes; in demo mode, a ready demo account.
   */
  async startOnboarding(user: { id: number }): Promise<TPayoutOnboarding> {
    if (!this.gateway.enabled) {
      await insertDemoPayoutAccount(this.db, user.id);
      return { url: null, account: await this.account(user) };
    }
    // One start at a time per person (a double click, two tabs): Stripe refuses a second creation with the same
    // idempotency key while the first is in flight, and the person must end with exactly one account.
    const row = await this.db.transaction(async (tx) => {
      await serialisePayoutSetUp(tx, user.id);
      const found = await findPayoutAccount(tx, user.id);
      if (found?.stripeAccountId) return found;
      await saveStripePayoutAccount(tx, user.id, await this.gateway.createPayoutAccount(user.id));
      return findPayoutAccount(tx, user.id);
    });
    if (!row?.stripeAccountId) throw new Error(`the payout account of user ${user.id} was not recorded`);
    const page = new URL(PAYOUT_SETTINGS_PATH, this.publicUrl);
    const url = await this.gateway.onboardingLink(row.stripeAccountId, {
      returnUrl: `${page.href}?stripe=return`,
      refreshUrl: `${page.href}?stripe=refresh`,
    });
    return { url, account: toPayoutAccount(row) };
  }

  /**
   * Stripe's `account.*` events, each id handled once: recorded in the same transaction as what it changed, so a
   * replay does nothing and a failure lets Stripe's retry try again. `account.updated` stores the account's state
   * unless a later event already did (Stripe does not promise order). An event about an account that is not ours
   * changes nothing and goes into System Logs.
   */
  async handleStripeEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    const account = event.type === "account.updated" ? ZAccount.parse(event.data.object) : undefined;
    const outcome = await this.db.transaction(async (tx) => {
      if (account && !(await lockPayoutAccountByStripeId(tx, account.id))) return "unknown" as const;
      if (!(await firstDeliveryOf(tx, event))) return "duplicate" as const;
      if (account) await applyPayoutStatus(tx, payoutAccountStatus(account), new Date(event.created * 1000));
      return "handled" as const;
    });
    if (outcome === "unknown") {
      await recordAudit(this.db, {
        type: "warning",
        action: "webhook.rejected",
        message: `A Stripe ${event.type} event named a payout account this platform does not have; nothing was changed`,
        target: { type: "webhook", id: "stripe" },
        details: { event: event.id, account: account?.id },
      });
    }
    return { duplicate: outcome === "duplicate" };
  }
}
