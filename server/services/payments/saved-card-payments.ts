import Stripe from "stripe";
import { UpstreamError } from "../../lib/errors";
import type { StripeGateway } from "./stripe-gateway";

/**
 * A tenancy's rent by the saved card: the tenant saves a card once (a SetupIntent for off-session use, on a Stripe
 * customer of their own), and each month's rent is charged to it without them present (a PaymentIntent with
 * off_session and confirm). Every call carries an idempotency key naming the tenancy and the rent period, so a retried
 * job never charges a period twice.
 */
export class SavedCardPayments {
  constructor(
    private readonly gateway: Pick<StripeGateway, "savedCardClient" | "enabled" | "publishableKey" | "customerOnce">,
  ) {}

  get enabled(): boolean {
    return this.gateway.enabled;
  }

  /** The key Stripe.js is loaded with in the tenant's browser to save the card. */
  get publishableKey(): string | null {
    return this.gateway.publishableKey;
  }

  /**
   * The customer and SetupIntent the tenant saves their card with, made once per tenancy, and once more for each card
   * it replaces (`replacing`, the saved card's id, names that SetupIntent).
   */
  async setUpCard(tenancy: {
    id: number;
    email: string | null;
    customerId: string | null;
    setupIntentId: string | null;
    replacing?: string;
  }): Promise<{ customerId: string; setupIntentId: string; clientSecret: string }> {
    const stripe = this.gateway.savedCardClient();
    const customerId =
      tenancy.customerId ??
      (await this.gateway.customerOnce(
        { email: tenancy.email, metadata: { tenancyId: String(tenancy.id) } },
        `tenancy-${tenancy.id}-customer`,
        "The card could not be set up for the rent",
      ));
    try {
      const intent = tenancy.setupIntentId
        ? await stripe.setupIntents.retrieve(tenancy.setupIntentId)
        : await stripe.setupIntents.create(
            {
              customer: customerId,
              usage: "off_session",
              metadata: { tenancyId: String(tenancy.id) },
            },
            {
              idempotencyKey: tenancy.replacing
                ? `tenancy-${tenancy.id}-setup-replacing-${tenancy.replacing}`
                : `tenancy-${tenancy.id}-setup`,
            },
          );
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
      return { customerId, setupIntentId: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw new UpstreamError(`The card could not be set up for the rent: ${messageOf(error)}`);
    }
  }

  /** The card the tenant saved with the SetupIntent, or null while they have not finished saving it. */
  async savedCard(setupIntentId: string): Promise<string | null> {
    try {
      const intent = await this.gateway.savedCardClient().setupIntents.retrieve(setupIntentId);
      if (intent.status !== "succeeded" || !intent.payment_method) return null;
      return typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method.id;
    } catch (error) {
      throw new UpstreamError(`The saved card could not be read: ${messageOf(error)}`);
    }
  }

  /**
   * Charges one rent payment to the saved card. A declined card is an answer, not an error: the caller records it
   * and tries again later. Anything else (Stripe unreachable) throws, and the job's next run asks again with the
   * same key, which Stripe answers with the first result.
   */
  async chargeRent(payment: {
    customerId: string;
    paymentMethodId: string;
    amountPence: number;
    bookingId: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<
    { paid: true; paymentIntentId: string } | { paid: false; paymentIntentId: string | null; reason: string }
  > {
    try {
      const intent = await this.gateway.savedCardClient().paymentIntents.create(
        {
          amount: payment.amountPence,
          currency: "gbp",
          customer: payment.customerId,
          payment_method: payment.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: payment.metadata,
          transfer_group: `booking-${payment.bookingId}`,
        },
        { idempotencyKey: payment.idempotencyKey },
      );
      if (intent.status === "succeeded") return { paid: true, paymentIntentId: intent.id };
      return {
        paid: false,
        paymentIntentId: intent.id,
        reason: `The payment is ${intent.status.replaceAll("_", " ")}`,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
        return { paid: false, paymentIntentId: intentId, reason: error.message };
      }
      throw new UpstreamError(`The rent could not be charged: ${messageOf(error)}`);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "unknown error";
}
