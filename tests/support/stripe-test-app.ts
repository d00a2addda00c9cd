import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "./http-client";
import { type StripeApiServer, startStripeApiServer, stripeSignature } from "./stripe-api-server";
import { setUpTestApp } from "./test-context";

/**
 * A database and the real app with card payments on, talking to a local Stripe API server started before
 * the app and stopped after it. `stripe.api` is that server (its `calls` show what the app sent).
 */
export function setUpStripeTestApp(webhookSecret: string, options: { now?: () => Date; tempDataDir?: string } = {}) {
  let api: StripeApiServer | undefined;
  const context = setUpTestApp({
    withoutChangeFeed: true,
    ...options,
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
