import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "./http-client";
import { setUpTestApp } from "./test-context";

/** Only for its signing helper: the SDK makes the Stripe-Signature header Stripe would send. */
const signer = new Stripe("sk_test_signing_only");

/** The Stripe-Signature header for a webhook body signed with the given secret. */
export function stripeSignature(payload: string, secret: string): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

export type StripeApiCall = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

export type StripeApiServer = {
  url: string;
  calls: StripeApiCall[];
  /** Makes the next refund fail as Stripe does when a card cannot be refunded. */
  failNextRefund(): void;
  close(): Promise<void>;
};

/**
 * A local HTTP server that speaks the part of Stripe's REST API the app uses: form-encoded requests,
 * JSON answers, PaymentIntents and refunds, and idempotency keys that replay the first answer. The
 * real Stripe SDK talks to it through STRIPE_API_URL.
 */
export async function startStripeApiServer(): Promise<StripeApiServer> {
  const calls: StripeApiCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let refundFailures = 0;

  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      const call = {
        method: request.method ?? "GET",
        path: request.url ?? "/",
        form,
        idempotencyKey,
        authorization: request.headers.authorization,
      };
      calls.push(call);
      const send = (status: number, body: unknown) => {
        if (idempotencyKey && call.method === "POST") replies.set(`${call.path} ${idempotencyKey}`, { status, body });
        response.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${randomBytes(6).toString("hex")}`,
        });
        response.end(JSON.stringify(body));
      };
      const replay = idempotencyKey && replies.get(`${call.path} ${idempotencyKey}`);
      if (replay) {
        response.writeHead(replay.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        response.end(JSON.stringify(replay.body));
        return;
      }
      if (!call.authorization?.startsWith("Bearer sk_")) {
        send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      if (call.method === "POST" && call.path === "/v1/payment_intents") {
        const id = `pi_${randomBytes(8).toString("hex")}`;
        const intent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          amount_received: 0,
          currency: form.currency,
          status: "requires_payment_method",
          client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
          metadata: { bookingId: form["metadata[bookingId]"] },
        };
        intents.set(id, intent);
        send(200, intent);
        return;
      }
      const retrieve = call.path.match(/^\/v1\/payment_intents\/(pi_\w+)$/);
      if (call.method === "GET" && retrieve?.[1]) {
        const intent = intents.get(retrieve[1]);
        if (intent) send(200, intent);
        else send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        return;
      }
      if (call.method === "GET" && call.path === "/v1/balance") {
        send(200, { object: "balance", livemode: false, available: [{ amount: 0, currency: "gbp" }], pending: [] });
        return;
      }
      if (call.method === "POST" && call.path === "/v1/refunds") {
        if (refundFailures > 0) {
          refundFailures -= 1;
          send(402, { error: { type: "card_error", message: "This charge cannot be refunded." } });
          return;
        }
        send(200, {
          id: `re_${randomBytes(8).toString("hex")}`,
          object: "refund",
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: "succeeded",
        });
        return;
      }
      send(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${call.method}: ${call.path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNextRefund: () => {
      refundFailures += 1;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A database and the real app with card payments on, talking to a local Stripe API server started before
 * the app and stopped after it. `stripe.api` is that server (its `calls` show what the app sent).
 */
export function setUpStripeTestApp(webhookSecret: string) {
  let api: StripeApiServer | undefined;
  const context = setUpTestApp({
    withoutChangeFeed: true,
    config: async () => {
      api = await startStripeApiServer();
      return {
        STRIPE_SECRET_KEY: "sk_test_local",
        STRIPE_PUBLISHABLE_KEY: "pk_test_local",
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: api.url,
      };
    },
    afterStop: () => api?.close(),
  });
  const { t, server } = context;

  /** Posts a webhook body to the app as Stripe would: signed with the app's secret unless a signature is given. */
  async function deliver(payload: string, signature = stripeSignature(payload, webhookSecret)) {
    const response = await fetch(`${server.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /**
   * A guest's card booking of two nights from checkIn, with the PaymentIntent the app made for it. The property
   * and the guest's details may be set; `intent` is any extra the client sends with the intent request.
   */
  async function cardBooking(
    client: HttpClient,
    checkIn: string,
    options: {
      property?: Parameters<typeof createProperty>[1];
      guestInfo?: { firstName: string; lastName: string; email: string };
      intent?: Record<string, unknown>;
    } = {},
  ) {
    const property = await createProperty(t.db, options.property ?? {});
    const created = await client.post("/api/bookings", {
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guestCount: 1,
      guestInfo: options.guestInfo ?? { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body as { id: number; totalPrice: string; holdExpiresAt: string };
    const intent = await client.post("/api/create-payment-intent", { bookingId: booking.id, ...options.intent });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const [row] = await t.db.select({ pi: bookings.paymentIntentId }).from(bookings).where(eq(bookings.id, booking.id));
    if (!row?.pi) throw new Error("no PaymentIntent recorded");
    return {
      id: booking.id,
      booking,
      paymentIntentId: row.pi,
      intent: intent.body as { clientSecret: string; amount: number },
      property,
    };
  }

  return {
    t,
    server,
    deliver,
    cardBooking,
    get api(): StripeApiServer {
      if (!api) throw new Error("the Stripe API server exists only once beforeAll has run");
      return api;
    },
  };
}

/** A Stripe event about a booking's PaymentIntent, as Stripe would post it; `intent` holds what the event says. */
function paymentIntentEvent(
  eventId: string,
  type: string,
  bookingId: number,
  intent: { id: string; amount: number } & Record<string, unknown>,
) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        object: "payment_intent",
        currency: "gbp",
        ...intent,
        metadata: { bookingId: String(bookingId) },
      },
    },
  });
}

/** Stripe's event for a PaymentIntent the guest has paid, as Stripe would post it. */
export function paymentSucceededEvent(eventId: string, bookingId: number, paymentIntentId: string, pence: number) {
  return paymentIntentEvent(eventId, "payment_intent.succeeded", bookingId, {
    id: paymentIntentId,
    amount: pence,
    amount_received: pence,
    status: "succeeded",
  });
}

/** The body of Stripe's `payment_intent.payment_failed` event for a booking's payment (the card was declined). */
export function paymentFailedEvent(eventId: string, bookingId: number, paymentIntentId: string, pence: number) {
  return paymentIntentEvent(eventId, "payment_intent.payment_failed", bookingId, {
    id: paymentIntentId,
    amount: pence,
    amount_received: 0,
    status: "requires_payment_method",
    last_payment_error: { code: "card_declined", message: "Your card was declined." },
  });
}
