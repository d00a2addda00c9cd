import Stripe from "stripe";
import { AppError } from "../../lib/errors";

export type StripeSettings = {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Another API origin (a local server in tests); Stripe's own by default. */
  apiUrl?: string;
};

/**
 * Card payments through the official Stripe SDK. Switched on by the secret and publishable keys;
 * without them `enabled` is false and bookings are requests the landlord accepts.
 */
export class StripeGateway {
  readonly enabled: boolean;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe | null;
  private readonly webhookSecret: string | null;

  constructor(settings: StripeSettings) {
    this.enabled = Boolean(settings.secretKey && settings.publishableKey);
    this.publishableKey = this.enabled ? (settings.publishableKey ?? null) : null;
    this.webhookSecret = settings.webhookSecret ?? null;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe =
      this.enabled || settings.webhookSecret
        ? new Stripe(settings.secretKey ?? "sk_unused_webhooks_only", {
            maxNetworkRetries: 2,
            timeout: 20_000,
            telemetry: false,
            ...(api && {
              host: api.hostname,
              port: api.port || (api.protocol === "https:" ? 443 : 80),
              protocol: api.protocol === "https:" ? "https" : "http",
            }),
          })
        : null;
  }

  get webhooksEnabled(): boolean {
    return this.webhookSecret !== null;
  }

  /** A PaymentIntent for a booking, or the one already made for it (Stripe's idempotency key). */
  async paymentIntentFor(booking: {
    id: number;
    amountPence: number;
    existingIntentId: string | null;
    receiptEmail: string | null;
  }): Promise<{ id: string; clientSecret: string }> {
    const stripe = this.client();
    try {
      const intent = booking.existingIntentId
        ? await stripe.paymentIntents.retrieve(booking.existingIntentId)
        : await stripe.paymentIntents.create(
            {
              amount: booking.amountPence,
              currency: "gbp",
              automatic_payment_methods: { enabled: true },
              metadata: { bookingId: String(booking.id) },
              ...(booking.receiptEmail && { receipt_email: booking.receiptEmail }),
            },
            { idempotencyKey: `booking-${booking.id}-payment` },
          );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw upstream("The card payment could not be set up", error);
    }
  }

  /** Returns `amountPence` of a payment to the card; the key makes a retried cancel refund once. */
  async refund(paymentIntentId: string, amountPence: number, idempotencyKey: string): Promise<string> {
    try {
      const refund = await this.client().refunds.create(
        { payment_intent: paymentIntentId, amount: amountPence },
        { idempotencyKey },
      );
      return refund.id;
    } catch (error) {
      throw upstream("The refund could not be issued, so nothing was changed", error);
    }
  }

  /** A webhook event, checked against its Stripe-Signature header on the exact bytes Stripe sent. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.stripe || !this.webhookSecret) throw new AppError(404, "Stripe webhooks are not configured.");
    if (!signature) throw new AppError(400, "The Stripe-Signature header is missing.");
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new AppError(400, "The webhook signature is not valid.");
    }
  }

  private client(): Stripe {
    if (!this.stripe || !this.enabled) throw new AppError(503, "Card payments are not configured.");
    return this.stripe;
  }
}

function upstream(message: string, error: unknown): AppError {
  const detail = error instanceof Stripe.errors.StripeError ? error.message : undefined;
  return new AppError(502, detail ? `${message}: ${detail}` : `${message}. Please try again.`);
}
