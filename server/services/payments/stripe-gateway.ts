import Stripe from "stripe";
import { z } from "zod";
import {
  type AppError,
  InvalidInputError,
  NotFoundError,
  ServiceUnavailableError,
  UpstreamError,
} from "../../lib/errors";
import type { PayoutAccountStatus } from "../../repositories/payout-accounts.repository";

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

  /** Asks Stripe for the account's balance: proves the key works and Stripe answers. For the admin's status card. */
  async ping(): Promise<void> {
    await this.client().balance.retrieve({}, { timeout: 5_000, maxNetworkRetries: 0 });
  }

  get webhooksEnabled(): boolean {
    return this.webhookSecret !== null;
  }

  /**
   * A PaymentIntent for a booking, or the one already made for it (Stripe's idempotency key). A stay whose security
   * deposit will be held on the card (`keepCard`) is paid by a customer of its own and keeps the card for off-session
   * use, so the hold can later be placed without the guest present.
   */
  async paymentIntentFor(booking: {
    id: number;
    amountPence: number;
    existingIntentId: string | null;
    receiptEmail: string | null;
    keepCard: boolean;
  }): Promise<{ id: string; clientSecret: string }> {
    const failure = "The card payment could not be set up";
    const customer =
      booking.keepCard && !booking.existingIntentId
        ? await this.customerOnce(
            { email: booking.receiptEmail, metadata: { bookingId: String(booking.id) } },
            `booking-${booking.id}-customer`,
            failure,
          )
        : undefined;
    return this.paymentIntentOnce(
      {
        ...booking,
        metadata: { bookingId: String(booking.id) },
        bookingId: booking.id,
        ...(customer && { keepCardOn: customer }),
      },
      `booking-${booking.id}-payment`,
      failure,
    );
  }

  /** A Stripe customer for the cards one party keeps with us, made once for `idempotencyKey`; answers its id. */
  async customerOnce(
    customer: { email: string | null; metadata: Record<string, string> },
    idempotencyKey: string,
    failure: string,
  ): Promise<string> {
    try {
      const made = await this.client().customers.create(
        { ...(customer.email && { email: customer.email }), metadata: customer.metadata },
        { idempotencyKey },
      );
      return made.id;
    } catch (error) {
      throw upstream(failure, error);
    }
  }

  /**
   * A PaymentIntent of the stay `bookingId` (its transfer group), made once for `idempotencyKey`, or the one already
   * made. `metadata` names what it pays for: a booking, or a damage claim on it, which the webhook tells apart.
   */
  async paymentIntentOnce(
    payment: {
      bookingId: number;
      amountPence: number;
      existingIntentId: string | null;
      receiptEmail: string | null;
      metadata: Record<string, string>;
      /** The customer whose card the payment keeps for off-session use (a later security deposit hold). */
      keepCardOn?: string;
    },
    idempotencyKey: string,
    failure: string,
  ): Promise<{ id: string; clientSecret: string }> {
    const stripe = this.client();
    try {
      const intent = payment.existingIntentId
        ? await stripe.paymentIntents.retrieve(payment.existingIntentId)
        : await stripe.paymentIntents.create(
            {
              amount: payment.amountPence,
              currency: "gbp",
              automatic_payment_methods: { enabled: true },
              metadata: payment.metadata,
              // Separate charges and transfers: the payees' transfers for this stay share its group.
              transfer_group: `booking-${payment.bookingId}`,
              ...(payment.receiptEmail && { receipt_email: payment.receiptEmail }),
              ...(payment.keepCardOn && { customer: payment.keepCardOn, setup_future_usage: "off_session" }),
            },
            { idempotencyKey },
          );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw upstream(failure, error);
    }
  }

  /**
   * Returns `amountPence` of a payment to the card, at most once for `key`. Stripe answers a repeated key with
   * the first answer, so a retry after our side failed (a rolled-back cancel) gets the same refund back.
   * A refusal is stored under its key too; when Stripe replays one, that earlier try made no refund, so the
   * next key of the chain (`key-2`, `key-3`…) asks afresh. Walking the chain from the start on every try
   * keeps it safe: it stops at the first key that refunded, whichever try that was.
   */
  async refund(paymentIntentId: string, amountPence: number, key: string): Promise<string> {
    const stripe = this.client();
    for (let attempt = 1; attempt <= REFUND_KEYS_PER_PAYMENT; attempt += 1) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountPence },
          { idempotencyKey: attempt === 1 ? key : `${key}-${attempt}` },
        );
        return refund.id;
      } catch (error) {
        if (isReplayedRefusal(error)) continue;
        throw upstream("The refund could not be issued, so nothing was changed", error);
      }
    }
    throw new UpstreamError(
      "The refund could not be issued, so nothing was changed. Stripe has refused it several times; please contact support.",
    );
  }

  /**
   * Sends a payee's share of a stay to their Stripe balance, once per claim however often it is asked: a transfer
   * already made for the claim (found by the stay's transfer group and the claim in its metadata) is answered
   * instead of a new one, so a run that died after Stripe answered, even days later when Stripe has forgotten the
   * idempotency key, finishes without paying twice.
   */
  async transferOnce(transfer: {
    claimKey: string;
    /** The stay's or the job's transfer group (`booking-42`, `job-9`). */
    group: string;
    amountPence: number;
    destination: string;
  }): Promise<string> {
    const stripe = this.client();
    const { group } = transfer;
    try {
      for await (const made of stripe.transfers.list({ transfer_group: group, limit: 100 })) {
        if (made.metadata?.claim === transfer.claimKey) return made.id;
      }
      const created = await stripe.transfers.create(
        {
          amount: transfer.amountPence,
          currency: "gbp",
          destination: transfer.destination,
          transfer_group: group,
          metadata: { claim: transfer.claimKey },
        },
        { idempotencyKey: transfer.claimKey },
      );
      return created.id;
    } catch (error) {
      throw upstream("Stripe could not make the transfer", error);
    }
  }

  // --- Transfer reversals (refunds after a payee's share was transferred) ---

  /**
   * Takes `amountPence` back from a transfer to the platform's balance, once per claim however often it is asked: a
   * reversal already made for the claim (found among the transfer's reversals by the claim in its metadata) is
   * answered instead of a new one, so a run that died after Stripe answered, even once Stripe has forgotten the
   * idempotency key, finishes without taking the money back twice.
   */
  async reverseTransferOnce(reversal: { transferId: string; claimKey: string; amountPence: number }): Promise<string> {
    const stripe = this.client();
    try {
      for await (const made of stripe.transfers.listReversals(reversal.transferId, { limit: 100 })) {
        if (made.metadata?.claim === reversal.claimKey) return made.id;
      }
      const created = await stripe.transfers.createReversal(
        reversal.transferId,
        { amount: reversal.amountPence, metadata: { claim: reversal.claimKey } },
        { idempotencyKey: reversal.claimKey },
      );
      return created.id;
    } catch (error) {
      throw upstream("Stripe could not reverse the transfer", error);
    }
  }

  // --- end of transfer reversals ---

  /**
   * The payee's Stripe Connect Express account: Stripe hosts identity checks and bank details, and the platform sends
   * their share with transfers. The idempotency key is the person's, so a retried or doubled request (two tabs) gets
   * the first account back instead of opening a second one.
   */
  async createPayoutAccount(userId: number): Promise<PayoutAccountStatus> {
    try {
      const account = await this.client().accounts.create(
        {
          type: "express",
          country: "GB",
          capabilities: { transfers: { requested: true } },
          metadata: { userId: String(userId) },
        },
        { idempotencyKey: `user-${userId}-payout-account` },
      );
      return payoutAccountStatus(account);
    } catch (error) {
      throw upstream("Stripe could not open your payout account", error);
    }
  }

  /**
   * A one-time address of Stripe's hosted onboarding for the account. Stripe sends the person back to `returnUrl`
   * when they finish or leave, and to `refreshUrl` when the link has expired or was already used.
   */
  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    try {
      const link = await this.client().accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return link.url;
    } catch (error) {
      throw upstream("Stripe could not start setting up your payouts", error);
    }
  }

  /** What Stripe says about the account now. */
  async retrievePayoutAccount(accountId: string): Promise<PayoutAccountStatus> {
    try {
      return payoutAccountStatus(await this.client().accounts.retrieve(accountId));
    } catch (error) {
      throw upstream("Stripe could not tell us about your payout account", error);
    }
  }

  // --- Bank payouts and reconciliation with balance transactions ---

  /**
   * The platform's own balance transactions created in [from, to) (charges, refunds, transfers and their reversals;
   * fees and the platform's own payouts are not the ledger's), page after page, with what each was for: a charge's
   * or refund's PaymentIntent, since the ledger names a card payment by its PaymentIntent.
   */
  async balanceTransactions(range: { from: Date; to: Date }): Promise<StripeBalanceTransaction[]> {
    const found: StripeBalanceTransaction[] = [];
    try {
      for await (const item of this.client().balanceTransactions.list({
        created: { gte: Math.floor(range.from.getTime() / 1000), lt: Math.floor(range.to.getTime() / 1000) },
        limit: 100,
        expand: ["data.source"],
      })) {
        const type = RECONCILED_TYPES[item.type];
        if (!type) continue;
        const source = item.source;
        const sourceId = typeof source === "string" ? source : (source?.id ?? null);
        if (!sourceId) continue;
        const intent =
          typeof source === "object" && source && "payment_intent" in source ? source.payment_intent : null;
        found.push({
          id: item.id,
          type,
          amountPence: item.amount,
          currency: item.currency,
          sourceId,
          paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
          created: new Date(item.created * 1000),
        });
      }
    } catch (error) {
      throw upstream("Stripe's balance transactions could not be read", error);
    }
    return found;
  }

  // --- end of bank payouts and reconciliation ---

  // --- security deposit holds: a card authorisation taken later in part, or let go ---

  /**
   * The card the guest paid the stay with, when Stripe kept it for later use (the stay's PaymentIntent was paid by a
   * customer and asked to keep its card off-session); null when there is none to hold a deposit on.
   */
  async savedCardOf(paymentIntentId: string): Promise<{ customer: string; paymentMethod: string } | null> {
    try {
      const intent = await this.client().paymentIntents.retrieve(paymentIntentId);
      const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
      const method =
        typeof intent.payment_method === "string" ? intent.payment_method : (intent.payment_method?.id ?? null);
      const kept = intent.setup_future_usage === "off_session";
      return customer && method && kept ? { customer, paymentMethod: method } : null;
    } catch (error) {
      throw upstream("The stay's card payment could not be read", error);
    }
  }

  /**
   * Authorises `amountPence` on the saved card without taking it (manual capture), once for `idempotencyKey`.
   * A declined card is an answer, not an error: `declined` says why.
   */
  async authoriseHold(
    hold: { holdId: number; bookingId: number; amountPence: number; customer: string; paymentMethod: string },
    idempotencyKey: string,
  ): Promise<{ intentId: string } | { declined: string }> {
    try {
      const intent = await this.client().paymentIntents.create(
        {
          amount: hold.amountPence,
          currency: "gbp",
          capture_method: "manual",
          customer: hold.customer,
          payment_method: hold.paymentMethod,
          confirm: true,
          off_session: true,
          // It names the hold, not the stay, so the webhook never takes it for the stay's own payment.
          metadata: { securityDepositHoldId: String(hold.holdId) },
          transfer_group: `booking-${hold.bookingId}`,
          description: "Refundable security deposit (held, not charged)",
        },
        { idempotencyKey },
      );
      if (intent.status !== "requires_capture") return { declined: `the card answered ${intent.status}` };
      return { intentId: intent.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { declined: error.message };
      throw upstream("The security deposit could not be held", error);
    }
  }

  /** Takes `amountPence` of a hold (at most its amount); Stripe lets the rest go. Once per key. */
  async captureHold(intentId: string, amountPence: number, idempotencyKey: string): Promise<void> {
    try {
      await this.client().paymentIntents.capture(intentId, { amount_to_capture: amountPence }, { idempotencyKey });
    } catch (error) {
      throw upstream("The security deposit could not be taken", error);
    }
  }

  /** Lets a hold go: the guest's bank frees the amount. Once per key. */
  async releaseHold(intentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.client().paymentIntents.cancel(intentId, {}, { idempotencyKey });
    } catch (error) {
      throw upstream("The security deposit could not be released", error);
    }
  }

  // --- end of security deposit holds ---

  /** A webhook event, checked against its Stripe-Signature header on the exact bytes Stripe sent. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.stripe || !this.webhookSecret) throw new NotFoundError("Stripe webhooks are not configured.");
    if (!signature) throw new InvalidInputError("The Stripe-Signature header is missing.");
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new InvalidInputError("The webhook signature is not valid.");
    }
    // Signed is not the same as well formed: what is read from the event is checked before anything is stored.
    if (!readableEvent(event)) throw new InvalidInputError("The webhook is not a Stripe event this app can read.");
    return event as Stripe.Event;
  }

  /** The SDK for the saved-card rent payments of periodic tenancies (saved-card-payments.ts); 503 without keys. */
  savedCardClient(): Stripe {
    return this.client();
  }

  private client(): Stripe {
    if (!this.stripe || !this.enabled) throw new ServiceUnavailableError("Card payments are not configured.");
    return this.stripe;
  }
}

/** A Connect account as Stripe describes it (the SDK's object, or an event's), in the app's terms. */
export function payoutAccountStatus(account: Stripe.Account | z.infer<typeof ZAccount>): PayoutAccountStatus {
  const requirements = account.requirements;
  const due = [...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])];
  return {
    stripeAccountId: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...new Set(due)],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

const ZStripeId = z.string().regex(/^\w{1,255}$/);
const ZPence = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** What every event has that the app reads. */
const ZEvent = z.object({
  id: ZStripeId,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({}) }),
});

/** What a payment intent's events are read for: its money and the booking it pays for. */
const ZPaymentIntent = z.object({
  id: ZStripeId,
  amount: ZPence,
  amount_received: ZPence,
  currency: z.string().regex(/^[a-z]{3}$/),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z
    .object({
      code: z
        .string()
        .regex(/^\w{1,100}$/)
        .optional(),
      message: z.string().optional(),
    })
    .nullish(),
});

/** What an account's events are read for: whether Stripe pays it out, and what it still needs. */
const ZRequirementNames = z.array(z.string().max(255)).max(500).nullish();
export const ZAccount = z.object({
  id: ZStripeId,
  details_submitted: z.boolean().nullish(),
  charges_enabled: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
  requirements: z
    .object({
      currently_due: ZRequirementNames,
      past_due: ZRequirementNames,
      disabled_reason: z.string().max(255).nullish(),
    })
    .nullish(),
});

const ZEventTime = z.object({ created: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

function readableEvent(event: unknown): boolean {
  const parsed = ZEvent.safeParse(event);
  if (!parsed.success) return false;
  const { type, data } = parsed.data;
  if (type.startsWith("payment_intent.")) return ZPaymentIntent.safeParse(data.object).success;
  // Its time orders it against the account's other events, which Stripe may deliver out of order.
  if (type === "account.updated") {
    return ZAccount.safeParse(data.object).success && ZEventTime.safeParse(event).success;
  }
  if (type === "payout.paid" || type === "payout.failed") return readablePayoutEvent(event, data.object);
  return true;
}

// --- Bank payouts and reconciliation with balance transactions ---

/** What the daily reconciliation compares, in the ledger's terms; Stripe's `payment` and `payment_refund` are cards'. */
export type ReconciledType = "charge" | "refund" | "transfer" | "transfer_reversal";
const RECONCILED_TYPES: Partial<Record<string, ReconciledType>> = {
  charge: "charge",
  payment: "charge",
  refund: "refund",
  payment_refund: "refund",
  transfer: "transfer",
  transfer_refund: "transfer_reversal",
};

/** One movement of the platform's Stripe balance: `amountPence` is signed as Stripe signs it (money in is positive). */
export type StripeBalanceTransaction = {
  id: string;
  type: ReconciledType;
  amountPence: number;
  currency: string;
  /** The charge, refund, transfer or reversal behind it. */
  sourceId: string;
  paymentIntentId: string | null;
  created: Date;
};

/** What a payout's events are read for: how much reached (or failed to reach) the payee's bank, and when. */
export const ZPayout = z.object({
  // Short enough to name its ledger transactions (Stripe's payout ids are about 30 characters).
  id: z.string().regex(/^\w{1,100}$/),
  amount: ZPence.refine((pence) => pence > 0),
  currency: z.string().regex(/^[a-z]{3}$/),
  arrival_date: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  failure_code: z.string().max(255).nullish(),
});

/** A payout's event: whose Connect account it is about (absent for the platform's own payouts) and when it happened. */
export const ZPayoutEvent = z.object({ account: ZStripeId.nullish() }).extend(ZEventTime.shape);

function readablePayoutEvent(event: unknown, object: unknown): boolean {
  return ZPayout.safeParse(object).success && ZPayoutEvent.safeParse(event).success;
}

// --- end of bank payouts and reconciliation ---

/** Fresh asks one refund may make after refusals, before a person has to look at the payment. */
const REFUND_KEYS_PER_PAYMENT = 10;

/**
 * Stripe replaying a 4xx it stored for this idempotency key: that earlier request was refused and refunded
 * nothing. A replayed 5xx is not counted: whether it refunded is unknown, so it is never asked again.
 */
function isReplayedRefusal(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    error.headers?.["idempotent-replayed"] === "true" &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

function upstream(message: string, error: unknown): AppError {
  const detail = error instanceof Stripe.errors.StripeError ? error.message : undefined;
  return new UpstreamError(detail ? `${message}: ${detail}` : `${message}. Please try again.`);
}
