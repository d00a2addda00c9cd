import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZBankPayouts,
  ZPayoutAccount,
  ZPayoutOnboarding,
  ZPayoutTransfers,
} from "../../../../common/entities/payout-account";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * /api/payouts: the signed-in payee's own payout account (landlords, property managers and contractors), from Payout
 * Settings. There is no id in any path: nobody reaches anyone else's.
 */
const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const payouts = () => app.services.payoutAccounts;

  app.get(
    "/account",
    {
      onRequest: allow("read", "payout"),
      schema: {
        summary: "My payout account",
        description:
          "Whether Stripe pays the signed-in payee out (`not_started` when they have not begun), and what Stripe " +
          "still needs. `demo` accounts are made when no Stripe keys are configured: no real money moves.",
        response: { 200: ZPayoutAccount, ...refusals(401, 403) },
      },
    },
    async (request) => payouts().account(signedInUser(request)),
  );

  app.get(
    "/transfers",
    {
      onRequest: allow("read", "payout"),
      schema: {
        summary: "My transfers",
        description:
          "The signed-in payee's transfers to their Stripe balance (the latest 20, newest first: a stay's share the " +
          "day after check-in, a job's pay once marked paid) and their shares still held, with the day each is " +
          "released (the next 20). `demo` ones are demo money: nothing real moved.",
        response: { 200: ZPayoutTransfers, ...refusals(401, 403) },
      },
    },
    async (request) => payouts().transfers(signedInUser(request)),
  );

  app.get(
    "/bank-payouts",
    {
      onRequest: allow("read", "payout"),
      schema: {
        summary: "My bank payouts",
        description:
          "Stripe's payouts of the signed-in payee's Stripe balance into their bank (the latest 20, latest arrival " +
          "first), as Stripe's payout.paid and payout.failed events said: the amount, the day Stripe expects it in " +
          "the bank, and whether it was paid or failed. `demo` when no Stripe keys are configured: no bank payouts.",
        response: { 200: ZBankPayouts, ...refusals(401, 403) },
      },
    },
    async (request) => app.services.bankPayouts.list(signedInUser(request)),
  );

  app.post(
    "/onboarding",
    {
      onRequest: allow("manage", "payout"),
      config: { rateLimit: "payoutOnboarding" },
      schema: {
        summary: "Set up payouts with Stripe",
        description:
          "Opens the payee's Stripe Connect Express account (once; later calls reuse it) and answers a one-time " +
          "link to Stripe's hosted onboarding, which returns to Payout Settings. In demo mode, makes a demo account " +
          "that is ready at once and answers `url: null`. Needs two-factor sign-in.",
        response: { 200: ZPayoutOnboarding, ...refusals(401, 403, 429, 502, 503) },
      },
    },
    async (request) => payouts().startOnboarding(signedInUser(request)),
  );
};

export default payoutRoutes;
