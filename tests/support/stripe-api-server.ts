import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { type SavedCardsControls, savedCardsApi } from "./stripe-saved-cards";
import { type StripeTransferReversal, transferReversalsApi } from "./stripe-transfer-reversals";

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
  /**
   * Where Stripe sends its events, signed with the app's webhook secret: the app's POST /api/stripe/webhook. Until
   * this is called, hosted onboarding completes without telling the app.
   */
  sendEventsTo(target: { url: string; secret: string }): void;
  /** The Connect accounts made so far, as Stripe holds them. */
  accounts: Map<string, Record<string, unknown>>;
  /** The transfers made so far, in order. */
  transfers: StripeTransfer[];
  /** Makes Stripe take this long to answer each new transfer (it is made when the answer is sent). */
  delayTransfers(ms: number): void;
  /** Transfer reversals (stripe-transfer-reversals.ts): those made so far, and events the app refused. */
  reversals: StripeTransferReversal[];
  undeliveredEvents: string[];
  /** Saved cards and off-session rent payments (stripe-saved-cards.ts). */
  savedCards: SavedCardsControls;
  close(): Promise<void>;
} & BankPayoutsAndBalancesApi &
  SecurityDepositHoldsApi;

export type StripeTransfer = {
  id: string;
  amount: number;
  destination: string | undefined;
  transfer_group: string | null;
  metadata: Record<string, string>;
  /** What reversals have taken back so far (absent: none). */
  amount_reversed?: number;
  reversed?: boolean;
};

/** The `metadata[key]` fields of a form-encoded request, as Stripe stores them. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) => {
      const name = key.match(/^metadata\[(.+)\]$/)?.[1];
      return name ? [[name, value]] : [];
    }),
  );
}

/** What Stripe asks of a new Express account in the UK before it pays out. */
const NEW_ACCOUNT_REQUIREMENTS = ["business_type", "external_account", "individual.dob.day", "tos_acceptance.date"];

/** Stripe's `account.updated` event for an account as it now is. */
export function accountUpdatedEvent(eventId: string, account: Record<string, unknown>, created: number) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "account.updated",
    api_version: "2025-01-01",
    created,
    data: { object: account },
  });
}

/** The page Stripe hosts for onboarding, cut down to its last step. */
function onboardingPage(linkId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe onboarding (local)</title></head>
<body><main><h1>Set up payouts with Stripe</h1>
<form method="post" action="/onboarding/${linkId}"><button type="submit">Complete onboarding</button></form>
</main></body></html>`;
}

// ------------------------------------------------------------------------------------------------------------------
// Bank payouts and balance transactions: a connected account's payouts to its bank (made for test set-up, settled
// with a signed payout.paid or payout.failed sent to the app) and the platform's balance transactions, built from the
// charges, refunds, transfers (and their reversals) this server knows, for the daily reconciliation.
// ------------------------------------------------------------------------------------------------------------------

export type StripeCharge = { id: string; amount: number; payment_intent: string; created: number };
export type StripeRefundMade = { id: string; amount: number; payment_intent: string | undefined; created: number };
export type StripePayout = {
  id: string;
  object: "payout";
  amount: number;
  currency: string;
  arrival_date: number;
  status: "pending" | "paid" | "failed";
  failure_code: string | null;
  created: number;
  /** The connected account it pays out (the Stripe-Account header it was made with). */
  account: string;
};

/** Stripe's event about a connected account's payout: Connect events name the account they are about. */
export function payoutEvent(
  eventId: string,
  type: "payout.paid" | "payout.failed",
  payout: StripePayout,
  created: number,
): string {
  const { account, ...object } = payout;
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    api_version: "2025-01-01",
    account,
    created,
    data: { object: { ...object, status: type === "payout.paid" ? "paid" : "failed" } },
  });
}

export type BankPayoutsAndBalancesApi = {
  /** Payouts made with POST /v1/payouts, by id. */
  payouts: Map<string, StripePayout>;
  /** The charges made so far: a PaymentIntent is charged with `chargeIntent`, as a guest's card payment would be. */
  charges: StripeCharge[];
  refunds: StripeRefundMade[];
  /**
   * The guest pays the PaymentIntent with a card: Stripe's charge for it (of `amount`, the intent's own by default).
   * An intent made with a customer and `setup_future_usage` keeps that card on the customer for later use.
   */
  chargeIntent(paymentIntentId: string, options?: { amount?: number; created?: number }): StripeCharge;
  /**
   * Stripe settles the payout and posts its signed event to the app (`sendEventsTo`); answers the app's reply.
   * `created` is the event's time, in seconds.
   */
  settlePayout(
    payoutId: string,
    outcome: "paid" | "failed",
    options?: { eventId?: string; created?: number },
  ): Promise<{ status: number; body: string }>;
  /** Lists answer at most `size` items a page (Stripe's own cap is 100), so paging is exercised with few items. */
  pageListsBy(size: number): void;
};

type KnownToStripe = {
  intents: Map<string, Record<string, unknown>>;
  accounts: Map<string, Record<string, unknown>>;
  transfers: StripeTransfer[];
  events: () => { url: string; secret: string } | undefined;
  /** A paid intent that asked to keep its card: the card is attached to its customer (stripe-saved-cards.ts). */
  keepCardOf: (intent: Record<string, unknown>) => void;
};

type BalanceTransaction = {
  id: string;
  object: "balance_transaction";
  amount: number;
  currency: "gbp";
  created: number;
  type: string;
  source: string;
  sourceObject: Record<string, unknown>;
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

function bankPayoutsAndBalances(known: KnownToStripe) {
  const payouts = new Map<string, StripePayout>();
  const charges: StripeCharge[] = [];
  const refunds: StripeRefundMade[] = [];
  let pageCap = 100;

  /** The platform's balance transactions, newest first as Stripe lists them. */
  function platformTransactions(): BalanceTransaction[] {
    const made = (type: string, amount: number, created: number, sourceObject: Record<string, unknown>) => ({
      id: `txn_${String(sourceObject.id)}`,
      object: "balance_transaction" as const,
      amount,
      currency: "gbp" as const,
      created,
      type,
      source: String(sourceObject.id),
      sourceObject,
    });
    const all = [
      ...charges.map((charge) => made("charge", charge.amount, charge.created, { object: "charge", ...charge })),
      ...refunds.map((refund) => made("refund", -refund.amount, refund.created, { object: "refund", ...refund })),
      ...known.transfers.flatMap((transfer) => {
        const withTimes = transfer as StripeTransfer & {
          created?: number;
          reversals?: { data?: Array<{ id: string; amount: number; created?: number }> };
        };
        const created = withTimes.created ?? nowSeconds();
        return [
          made("transfer", -transfer.amount, created, { object: "transfer", ...transfer }),
          ...(withTimes.reversals?.data ?? []).map((reversal) =>
            made("transfer_refund", reversal.amount, reversal.created ?? created, {
              object: "transfer_reversal",
              ...reversal,
            }),
          ),
        ];
      }),
    ];
    return all.sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  }

  /** A connected account's own balance transactions: its payouts to its bank. */
  function accountTransactions(account: string): BalanceTransaction[] {
    return [...payouts.values()]
      .filter((payout) => payout.account === account)
      .map((payout) => ({
        id: `txn_${payout.id}`,
        object: "balance_transaction" as const,
        amount: -payout.amount,
        currency: "gbp" as const,
        created: payout.created,
        type: "payout",
        source: payout.id,
        sourceObject: { ...payout },
      }))
      .sort((a, b) => b.created - a.created);
  }

  function listBalanceTransactions(query: URLSearchParams, stripeAccount: string | undefined) {
    const number = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
    const gte = number("created[gte]");
    const lt = number("created[lt]");
    const type = query.get("type");
    const expandSource = [...query.entries()].some(
      ([key, value]) => key.startsWith("expand") && value === "data.source",
    );
    const matching = (stripeAccount ? accountTransactions(stripeAccount) : platformTransactions()).filter(
      (item) =>
        (gte === undefined || item.created >= gte) &&
        (lt === undefined || item.created < lt) &&
        (type === null || item.type === type),
    );
    const after = query.get("starting_after");
    const start = after ? matching.findIndex((item) => item.id === after) + 1 : 0;
    const limit = Math.min(number("limit") ?? 10, pageCap);
    const page = matching.slice(start, start + limit);
    return {
      object: "list",
      url: "/v1/balance_transactions",
      has_more: start + limit < matching.length,
      data: page.map(({ sourceObject, source, ...item }) => ({
        ...item,
        fee: 0,
        net: item.amount,
        status: "available",
        source: expandSource ? sourceObject : source,
      })),
    };
  }

  async function settlePayout(
    payoutId: string,
    outcome: "paid" | "failed",
    options: { eventId?: string; created?: number } = {},
  ) {
    const payout = payouts.get(payoutId);
    const target = known.events();
    if (!payout) throw new Error(`no payout ${payoutId}`);
    if (!target) throw new Error("sendEventsTo has not been called: nowhere to send payout events");
    payout.status = outcome;
    payout.failure_code = outcome === "failed" ? "account_closed" : null;
    const payload = payoutEvent(
      options.eventId ?? `evt_${randomBytes(8).toString("hex")}`,
      outcome === "paid" ? "payout.paid" : "payout.failed",
      payout,
      options.created ?? nowSeconds(),
    );
    const delivered = await fetch(target.url, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(payload, target.secret) },
      body: payload,
    });
    return { status: delivered.status, body: await delivered.text() };
  }

  /** Answers the requests of this block; false for any other. */
  function handle(
    call: StripeApiCall,
    form: Record<string, string>,
    stripeAccount: string | undefined,
    send: (status: number, body: unknown) => void,
  ): boolean {
    const url = new URL(call.path, "http://stripe.local");
    if (call.method === "GET" && url.pathname === "/v1/balance_transactions") {
      if (stripeAccount && !known.accounts.has(stripeAccount)) {
        send(403, { error: { type: "invalid_request_error", message: "No such account" } });
      } else {
        send(200, listBalanceTransactions(url.searchParams, stripeAccount));
      }
      return true;
    }
    if (call.method === "POST" && url.pathname === "/v1/payouts") {
      const amount = Number(form.amount);
      if (!stripeAccount || !known.accounts.has(stripeAccount)) {
        send(400, { error: { type: "invalid_request_error", message: "A payout here is a connected account's" } });
      } else if (!Number.isInteger(amount) || amount <= 0 || form.currency !== "gbp") {
        send(400, { error: { type: "invalid_request_error", message: "Invalid amount or currency" } });
      } else {
        const created = nowSeconds();
        const payout: StripePayout = {
          id: `po_${randomBytes(8).toString("hex")}`,
          object: "payout",
          amount,
          currency: "gbp",
          // Stripe's standard UK payout arrives two days later, at midnight UTC.
          arrival_date: (Math.floor(created / 86_400) + 2) * 86_400,
          status: "pending",
          failure_code: null,
          created,
          account: stripeAccount,
        };
        payouts.set(payout.id, payout);
        send(200, payout);
      }
      return true;
    }
    return false;
  }

  const api: BankPayoutsAndBalancesApi = {
    payouts,
    charges,
    refunds,
    chargeIntent(paymentIntentId, options = {}) {
      const intent = known.intents.get(paymentIntentId);
      if (!intent) throw new Error(`no PaymentIntent ${paymentIntentId}`);
      const charge = {
        id: `ch_${randomBytes(8).toString("hex")}`,
        amount: options.amount ?? Number(intent.amount),
        payment_intent: paymentIntentId,
        created: options.created ?? nowSeconds(),
      };
      Object.assign(intent, {
        status: "succeeded",
        amount_received: charge.amount,
        latest_charge: charge.id,
        payment_method: intent.payment_method ?? `pm_${randomBytes(8).toString("hex")}`,
      });
      known.keepCardOf(intent);
      charges.push(charge);
      return charge;
    },
    settlePayout,
    pageListsBy(size) {
      pageCap = size;
    },
  };
  /** Remembers a refund the server made, for its balance transaction. */
  const recordRefund = (refund: { id: string; amount: number; payment_intent: string | undefined }) => {
    refunds.push({ ...refund, created: nowSeconds() });
  };
  return { handle, recordRefund, api };
}

// ------------------------------------------------------------------------------------------------------------------
// End of bank payouts and balance transactions.
// ------------------------------------------------------------------------------------------------------------------

/**
 * A local HTTP server that speaks the part of Stripe's REST API the app uses: form-encoded requests,
 * JSON answers, PaymentIntents and refunds, Connect accounts and their onboarding links, and idempotency keys
 * that replay the first answer. The real Stripe SDK talks to it through STRIPE_API_URL. An account link opens a
 * hosted onboarding page served here: completing it marks the account ready, sends a signed `account.updated`
 * to the app and sends the browser back to the link's return_url, as Stripe does.
 */
export async function startStripeApiServer(): Promise<StripeApiServer> {
  const calls: StripeApiCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const links = new Map<string, { account: string; returnUrl: string }>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let refundFailures = 0;
  const transfers: StripeTransfer[] = [];
  let transferDelayMs = 0;
  let events: { url: string; secret: string } | undefined;
  const bankPayouts = bankPayoutsAndBalances({
    intents,
    accounts,
    transfers,
    events: () => events,
    keepCardOf: (intent) => savedCards.keepCardOf(intent),
  });
  // Security deposit holds (manual capture), answered by their own block at the end of this file.
  const depositHolds = securityDepositHoldsApi(intents, (customer, card) => savedCards.isSavedOn(customer, card));
  // Transfer reversals: answered by their own module, ahead of the transfers' list.
  const transferReversals = transferReversalsApi({
    transfers,
    metadataOf,
    events: () => events,
    sign: stripeSignature,
  });
  // Saved cards and off-session rent payments: answered by their own module, ahead of the PaymentIntents.
  const savedCards = savedCardsApi({ intents, metadataOf });

  /** Completes hosted onboarding: the account is ready, and Stripe tells the app. */
  async function completeOnboarding(linkId: string): Promise<string | undefined> {
    const link = links.get(linkId);
    const account = link && accounts.get(link.account);
    if (!link || !account) return undefined;
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
    });
    if (events) {
      const payload = accountUpdatedEvent(
        `evt_${randomBytes(8).toString("hex")}`,
        account,
        Math.floor(Date.now() / 1000),
      );
      const delivered = await fetch(events.url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": stripeSignature(payload, events.secret) },
        body: payload,
      });
      const answer = await delivered.text();
      if (!delivered.ok) throw new Error(`the app refused account.updated: ${delivered.status} ${answer}`);
    }
    return link.returnUrl;
  }

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
      // The hosted onboarding page is opened by the person's browser, not by the app with its key.
      const onboarding = call.path.match(/^\/onboarding\/(link_\w+)$/);
      if (onboarding?.[1]) {
        const linkId = onboarding[1];
        if (call.method === "GET") {
          response.writeHead(links.has(linkId) ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
          response.end(onboardingPage(linkId));
          return;
        }
        completeOnboarding(linkId).then(
          (returnUrl) => {
            response.writeHead(returnUrl ? 303 : 404, returnUrl ? { location: returnUrl } : {});
            response.end();
          },
          (error: unknown) => {
            response.writeHead(502, { "content-type": "text/plain" });
            response.end(String(error));
          },
        );
        return;
      }
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
      // Manual-capture holds first: both answer off-session PaymentIntents, and only the holds' capture later.
      if (depositHolds.answer(call, form, send)) return;
      if (savedCards.answer(call, form, send)) return;
      if (call.method === "POST" && call.path === "/v1/payment_intents") {
        if (form.customer && !savedCards.controls.customers.has(form.customer)) {
          send(400, { error: { type: "invalid_request_error", message: "No such customer", param: "customer" } });
          return;
        }
        const usage = form.setup_future_usage;
        if (usage !== undefined && usage !== "on_session" && usage !== "off_session") {
          send(400, { error: { type: "invalid_request_error", message: "Invalid setup_future_usage" } });
          return;
        }
        const id = `pi_${randomBytes(8).toString("hex")}`;
        const intent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          amount_received: 0,
          currency: form.currency,
          status: "requires_payment_method",
          client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
          customer: form.customer ?? null,
          payment_method: null,
          setup_future_usage: usage ?? null,
          metadata: metadataOf(form),
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
      if (call.method === "POST" && call.path === "/v1/accounts") {
        const id = `acct_${randomBytes(8).toString("hex")}`;
        const account = {
          id,
          object: "account",
          type: form.type,
          country: form.country,
          capabilities: { transfers: form["capabilities[transfers][requested]"] === "true" ? "inactive" : undefined },
          metadata: { userId: form["metadata[userId]"] },
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          requirements: {
            currently_due: NEW_ACCOUNT_REQUIREMENTS,
            past_due: [],
            eventually_due: NEW_ACCOUNT_REQUIREMENTS,
            disabled_reason: "requirements.past_due",
          },
        };
        accounts.set(id, account);
        send(200, account);
        return;
      }
      const accountPath = call.path.match(/^\/v1\/accounts\/(acct_\w+)$/);
      if (call.method === "GET" && accountPath?.[1]) {
        const found = accounts.get(accountPath[1]);
        if (found) send(200, found);
        else send(404, { error: { type: "invalid_request_error", message: "No such account" } });
        return;
      }
      if (call.method === "POST" && call.path === "/v1/account_links") {
        if (!form.account || !accounts.has(form.account)) {
          send(400, { error: { type: "invalid_request_error", message: "No such account", param: "account" } });
          return;
        }
        if (form.type !== "account_onboarding" || !form.return_url || !form.refresh_url) {
          send(400, { error: { type: "invalid_request_error", message: "Missing return_url, refresh_url or type" } });
          return;
        }
        const linkId = `link_${randomBytes(8).toString("hex")}`;
        links.set(linkId, { account: form.account, returnUrl: form.return_url });
        const now = Math.floor(Date.now() / 1000);
        send(200, {
          object: "account_link",
          created: now,
          expires_at: now + 300,
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/onboarding/${linkId}`,
        });
        return;
      }
      if (call.method === "POST" && call.path === "/v1/transfers") {
        const destination = accounts.get(form.destination ?? "");
        const amount = Number(form.amount);
        if (!destination) {
          send(400, { error: { type: "invalid_request_error", message: "No such destination", param: "destination" } });
          return;
        }
        if (!Number.isInteger(amount) || amount <= 0 || form.currency !== "gbp") {
          send(400, { error: { type: "invalid_request_error", message: "Invalid amount or currency" } });
          return;
        }
        const made = {
          id: `tr_${randomBytes(8).toString("hex")}`,
          object: "transfer",
          amount,
          currency: "gbp",
          destination: form.destination,
          transfer_group: form.transfer_group ?? null,
          metadata: metadataOf(form),
          reversed: false,
          created: Math.floor(Date.now() / 1000),
        };
        setTimeout(() => {
          transfers.push(made);
          send(200, made);
        }, transferDelayMs);
        return;
      }
      if (transferReversals.answer(call, form, send)) return;
      if (call.method === "GET" && call.path.startsWith("/v1/transfers")) {
        const group = new URL(call.path, "http://stripe.local").searchParams.get("transfer_group");
        const data = transfers.filter((made) => group === null || made.transfer_group === group);
        send(200, { object: "list", url: "/v1/transfers", has_more: false, data });
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
        const refund = {
          id: `re_${randomBytes(8).toString("hex")}`,
          object: "refund",
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: "succeeded",
        };
        bankPayouts.recordRefund(refund);
        send(200, refund);
        return;
      }
      if (bankPayouts.handle(call, form, request.headers["stripe-account"] as string | undefined, send)) return;
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
    sendEventsTo: (target) => {
      events = target;
    },
    accounts,
    transfers,
    delayTransfers: (ms) => {
      transferDelayMs = ms;
    },
    reversals: transferReversals.reversals,
    undeliveredEvents: transferReversals.undeliveredEvents,
    savedCards: savedCards.controls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    ...bankPayouts.api,
    ...depositHolds.api,
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

// ------------------------------------------------------------------------------------------------------------------
// Security deposit holds: PaymentIntents with capture_method=manual, confirmed off-session on a saved card, then
// captured in part or cancelled, as Stripe answers them. Kept apart from the other PaymentIntent calls above.

export type SecurityDepositHoldsApi = {
  /** Makes the next hold's card decline, as an issuer refusing an authorisation does. */
  declineNextHold(): void;
  /** A PaymentIntent as Stripe holds it now. */
  intent(paymentIntentId: string): Record<string, unknown> | undefined;
};

function securityDepositHoldsApi(
  intents: Map<string, Record<string, unknown>>,
  isSavedOn: (customer: string, paymentMethod: string) => boolean,
) {
  let declines = 0;
  type Send = (status: number, body: unknown) => void;
  const refuse = (send: Send, status: number, message: string, extra: Record<string, unknown> = {}) =>
    send(status, { error: { type: "invalid_request_error", message, ...extra } });

  function create(form: Record<string, string>, send: Send) {
    if (form.confirm !== "true" || form.off_session !== "true" || !form.customer || !form.payment_method) {
      refuse(send, 400, "A manual-capture hold here needs confirm, off_session, customer and payment_method");
      return;
    }
    if (!isSavedOn(form.customer, form.payment_method)) {
      // Stripe's own answer for a card used once and never kept for later.
      refuse(
        send,
        400,
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, or was detached from a Customer. It may not be used again.",
        { param: "payment_method" },
      );
      return;
    }
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 30 || form.currency !== "gbp") {
      refuse(send, 400, "Invalid amount or currency", { param: "amount" });
      return;
    }
    if (declines > 0) {
      declines -= 1;
      send(402, {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
        },
      });
      return;
    }
    const id = `pi_${randomBytes(8).toString("hex")}`;
    const intent = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: amount,
      amount_received: 0,
      currency: "gbp",
      capture_method: "manual",
      customer: form.customer,
      payment_method: form.payment_method,
      status: "requires_capture",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      transfer_group: form.transfer_group ?? null,
      metadata: metadataOf(form),
    };
    intents.set(id, intent);
    send(200, intent);
  }

  function answer(call: StripeApiCall, form: Record<string, string>, send: Send): boolean {
    if (call.method === "POST" && call.path === "/v1/payment_intents" && form.capture_method === "manual") {
      create(form, send);
      return true;
    }
    const step = call.path.match(/^\/v1\/payment_intents\/(pi_\w+)\/(capture|cancel)$/);
    if (call.method !== "POST" || !step?.[1]) return false;
    const intent = intents.get(step[1]);
    if (!intent) {
      refuse(send, 404, "No such payment_intent");
      return true;
    }
    if (intent.status !== "requires_capture") {
      refuse(
        send,
        400,
        `This PaymentIntent could not be ${step[2] === "capture" ? "captured" : "canceled"} because it has a status of ${intent.status}.`,
        { code: "payment_intent_unexpected_state" },
      );
      return true;
    }
    if (step[2] === "cancel") {
      Object.assign(intent, {
        status: "canceled",
        amount_capturable: 0,
        cancellation_reason: form.cancellation_reason ?? null,
      });
      send(200, intent);
      return true;
    }
    const capturable = Number(intent.amount_capturable);
    const amount = form.amount_to_capture === undefined ? capturable : Number(form.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > capturable) {
      refuse(send, 400, "amount_to_capture must be at most the amount capturable", { param: "amount_to_capture" });
      return true;
    }
    // Stripe releases whatever is not captured.
    Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
    send(200, intent);
    return true;
  }

  const api: SecurityDepositHoldsApi = {
    declineNextHold: () => {
      declines += 1;
    },
    intent: (paymentIntentId) => intents.get(paymentIntentId),
  };
  return { answer, api };
}
