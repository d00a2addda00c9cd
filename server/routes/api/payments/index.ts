import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCreatePaymentIntentRequest, ZPaymentIntent } from "../../../../common/schemas/bookings";
import { requireVerified, signedInUser } from "../../../access/gates";
import { AppError } from "../../../lib/errors";
import { recordAudit } from "../../../repositories/audit-logs.repository";
import { BANK_PAYOUT_EVENTS } from "../../../services/payouts/bank-payouts.service";
import { refusals } from "../../refusals";

/** Paying for a booking: the wizard's payment intent, and Stripe's webhook. Registered under /api. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bankPayouts, bookingLifecycle, payoutAccounts, stripe } = app.services;

  app.post(
    "/create-payment-intent",
    {
      onRequest: requireVerified({ email: true, phone: true }),
      schema: {
        summary: "Set up paying for a pending booking",
        description:
          "Charges the booking's total as computed on the server; an `amount` in the body is ignored. Without card " +
          "payments configured, answers paymentsEnabled: false and the booking stays a request for the landlord.",
        body: ZCreatePaymentIntentRequest,
        response: { 200: ZPaymentIntent, ...refusals(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => bookingLifecycle.paymentIntent(signedInUser(request), request.body.bookingId),
  );

  // Stripe signs the exact bytes it sends, so this route keeps the body raw (only inside this plugin).
  await app.register(async (webhook) => {
    webhook.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 262_144 }, (_r, body, done) =>
      done(null, body),
    );
    webhook.post(
      "/stripe/webhook",
      {
        schema: {
          summary:
            "Stripe events (payment_intent.succeeded confirms its booking; account.updated a payout account; payout.paid and payout.failed a bank payout)",
          description: "Verified with STRIPE_WEBHOOK_SECRET on the raw body; each event id is processed once.",
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...refusals(400, 404) },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ReturnType<typeof stripe.verifyWebhook>;
        try {
          event = stripe.verifyWebhook(raw, typeof signature === "string" ? signature : undefined);
        } catch (error) {
          // A forged or misconfigured sender: admins should see it in System Logs, not only in a server log.
          if (error instanceof AppError && error.status === 400) {
            await recordAudit(app.db, {
              type: "warning",
              action: "webhook.rejected",
              message: `A Stripe webhook was refused: ${error.message}`,
              target: { type: "webhook", id: "stripe" },
              details: { ip: request.ip, bytes: raw.length },
            });
          }
          throw error;
        }
        // A payee's Connect account is no booking's concern: its events go to payout accounts, its bank payouts' to
        // bank payouts.
        const handler = BANK_PAYOUT_EVENTS.has(event.type)
          ? bankPayouts
          : event.type.startsWith("account.")
            ? payoutAccounts
            : bookingLifecycle;
        const { duplicate } = await handler.handleStripeEvent(event);
        return { received: true as const, duplicate };
      },
    );
  });
};

export default paymentsRoutes;
