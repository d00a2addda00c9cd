import { randomBytes } from "node:crypto";

/** The parts of the local Stripe server the reversals need: its transfers, and how it answers and signs. */
export type ReversalHost = {
  transfers: Array<{ id: string; amount: number; amount_reversed?: number; reversed?: boolean }>;
  metadataOf: (form: Record<string, string>) => Record<string, string>;
  /** Where events go now (the app's webhook), if anywhere, and how Stripe signs them. */
  events: () => { url: string; secret: string } | undefined;
  sign: (payload: string, secret: string) => string;
};

export type StripeTransferReversal = {
  id: string;
  object: "transfer_reversal";
  amount: number;
  currency: "gbp";
  transfer: string;
  metadata: Record<string, string>;
  created: number;
};

const error = (message: string, extra: Record<string, string> = {}) => ({
  error: { type: "invalid_request_error", message, ...extra },
});

/**
 * Transfer reversals as Stripe answers them: `POST /v1/transfers/:id/reversals` takes back part (or, without an
 * amount, the rest) of a transfer and never more than is left of it; `GET` on the same path lists them;
 * `GET /v1/transfers/:id` shows the transfer with its `amount_reversed`. Each new reversal sends a signed
 * `transfer.reversed` event to the app when it has said where. Idempotency keys are replayed by the server around it.
 */
export function transferReversalsApi<Call extends { method: string; path: string }>(host: ReversalHost) {
  const reversals: StripeTransferReversal[] = [];
  /** Events the app refused, in its words: empty when every event went in. */
  const undeliveredEvents: string[] = [];

  async function sendEvent(type: string, object: unknown): Promise<void> {
    const target = host.events();
    if (!target) return;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString("hex")}`,
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const delivered = await fetch(target.url, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": host.sign(payload, target.secret) },
      body: payload,
    });
    const answer = await delivered.text();
    if (!delivered.ok) undeliveredEvents.push(`${type}: ${delivered.status} ${answer}`);
  }

  /** Answers the request when it is about a transfer's reversals (or one transfer); false leaves it to the server. */
  function answer(call: Call, form: Record<string, string>, send: (status: number, body: unknown) => void): boolean {
    const path = new URL(call.path, "http://stripe.local").pathname;
    const match = path.match(/^\/v1\/transfers\/(tr_\w+)(\/reversals)?$/);
    const transferId = match?.[1];
    if (!transferId) return false;
    const transfer = host.transfers.find((made) => made.id === transferId);
    if (!transfer) {
      send(404, error(`No such transfer: '${transferId}'`, { code: "resource_missing", param: "id" }));
      return true;
    }
    const list = () => ({
      object: "list",
      url: `/v1/transfers/${transfer.id}/reversals`,
      has_more: false,
      data: reversals.filter((reversal) => reversal.transfer === transfer.id),
    });
    const shown = () => ({
      ...transfer,
      amount_reversed: transfer.amount_reversed ?? 0,
      reversed: transfer.reversed ?? false,
      reversals: list(),
    });
    if (call.method === "GET") {
      send(200, match[2] ? list() : shown());
      return true;
    }
    if (call.method !== "POST" || !match[2]) return false;
    const remaining = transfer.amount - (transfer.amount_reversed ?? 0);
    const amount = form.amount === undefined ? remaining : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) {
      send(400, error("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" }));
      return true;
    }
    if (amount > remaining) {
      send(
        400,
        error(`Amount (${amount}) must be less than or equal to the transfer's remaining amount (${remaining}).`, {
          code: "parameter_invalid_integer",
          param: "amount",
        }),
      );
      return true;
    }
    const reversal: StripeTransferReversal = {
      id: `trr_${randomBytes(8).toString("hex")}`,
      object: "transfer_reversal",
      amount,
      currency: "gbp",
      transfer: transfer.id,
      metadata: host.metadataOf(form),
      created: Math.floor(Date.now() / 1000),
    };
    reversals.push(reversal);
    transfer.amount_reversed = (transfer.amount_reversed ?? 0) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    // Told before the answer goes, so a test reads the event's effect as soon as the app has its answer.
    sendEvent("transfer.reversed", shown())
      .catch((failure: unknown) => undeliveredEvents.push(String(failure)))
      .finally(() => send(200, reversal));
    return true;
  }

  return { answer, reversals, undeliveredEvents };
}
