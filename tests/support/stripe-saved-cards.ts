import { randomBytes } from "node:crypto";

/**
 * Saved cards and off-session payments as Stripe answers them, for a tenancy's monthly rent: customers
 * (`POST /v1/customers`), SetupIntents that save a card for off-session use (`POST /v1/setup_intents`, `GET` one),
 * and PaymentIntents created with `off_session` and `confirm` against a saved card, which succeed at once or are
 * declined with Stripe's card error (402, the failed intent in `error.payment_intent`). Idempotency keys are replayed
 * by the server around it. The other PaymentIntents (a guest paying in the browser) stay the server's own; one made
 * with a customer and `setup_future_usage` keeps its card on that customer once paid (`keepCardOf`), as Stripe does.
 * A card is usable off-session only once it is attached to the customer that names it (`isSavedOn`).
 */
export function savedCardsApi(host: {
  intents: Map<string, Record<string, unknown>>;
  metadataOf: (form: Record<string, string>) => Record<string, string>;
}) {
  const { metadataOf } = host;
  const customers = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  /** Each payment method attached to a customer (saved for later use): its id, and the customer's. */
  const attached = new Map<string, string>();
  const isSavedOn = (customer: unknown, paymentMethod: unknown) =>
    typeof paymentMethod === "string" && attached.get(paymentMethod) === customer;
  /** Off-session PaymentIntents in the order they were asked for, with what became of each. */
  const offSessionIntents: Array<Record<string, unknown>> = [];
  let declines = 0;

  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
  const invalid = (message: string) => ({ error: { type: "invalid_request_error", message } });

  function answer(
    call: { method: string; path: string },
    form: Record<string, string>,
    send: (status: number, body: unknown) => void,
  ): boolean {
    if (call.method === "POST" && call.path === "/v1/customers") {
      const customer = { id: id("cus"), object: "customer", email: form.email ?? null, metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      send(200, customer);
      return true;
    }
    if (call.method === "POST" && call.path === "/v1/setup_intents") {
      if (!form.customer || !customers.has(form.customer)) {
        send(400, invalid("No such customer"));
        return true;
      }
      const setupId = id("seti");
      const intent = {
        id: setupId,
        object: "setup_intent",
        customer: form.customer,
        usage: form.usage ?? "off_session",
        status: "requires_payment_method",
        payment_method: null,
        client_secret: `${setupId}_secret_${randomBytes(8).toString("hex")}`,
        metadata: metadataOf(form),
      };
      setupIntents.set(setupId, intent);
      send(200, intent);
      return true;
    }
    const setupPath = call.path.match(/^\/v1\/setup_intents\/(seti_\w+)$/);
    if (call.method === "GET" && setupPath?.[1]) {
      const intent = setupIntents.get(setupPath[1]);
      if (intent) send(200, intent);
      else send(404, invalid("No such setup_intent"));
      return true;
    }
    if (call.method === "POST" && call.path === "/v1/payment_intents" && form.off_session === "true") {
      if (form.confirm !== "true" || !isSavedOn(form.customer, form.payment_method)) {
        send(400, invalid("An off-session payment needs confirm=true and a card saved on the customer"));
        return true;
      }
      const intentId = id("pi");
      const declined = declines > 0;
      if (declined) declines -= 1;
      const intent = {
        id: intentId,
        object: "payment_intent",
        amount: Number(form.amount),
        amount_received: declined ? 0 : Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        payment_method: form.payment_method,
        status: declined ? "requires_payment_method" : "succeeded",
        client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        metadata: metadataOf(form),
      };
      host.intents.set(intentId, intent);
      offSessionIntents.push(intent);
      if (declined) {
        send(402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
            payment_intent: intent,
          },
        });
      } else send(200, intent);
      return true;
    }
    return false;
  }

  /** A paid PaymentIntent that asked for its card to be kept: the card is attached to the intent's customer. */
  function keepCardOf(intent: Record<string, unknown>): void {
    const usage = intent.setup_future_usage;
    if (typeof intent.customer !== "string" || (usage !== "off_session" && usage !== "on_session")) return;
    if (typeof intent.payment_method === "string") attached.set(intent.payment_method, intent.customer);
  }

  return {
    answer,
    isSavedOn,
    keepCardOf,
    controls: {
      customers,
      isSavedOn,
      setupIntents,
      offSessionIntents,
      /** The tenant saves a card in the browser: the SetupIntent succeeds with a card of theirs. */
      confirmSetupIntent(setupIntentId: string): string {
        const intent = setupIntents.get(setupIntentId);
        if (!intent) throw new Error(`no SetupIntent ${setupIntentId}`);
        const paymentMethod = id("pm");
        Object.assign(intent, { status: "succeeded", payment_method: paymentMethod });
        attached.set(paymentMethod, String(intent.customer));
        return paymentMethod;
      },
      /** The next `count` off-session payments are declined as a card without funds is. */
      declineNextOffSessionPayments(count = 1): void {
        declines += count;
      },
    },
  };
}

export type SavedCardsControls = ReturnType<typeof savedCardsApi>["controls"];
