import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { exited, freePort, startServerProcess } from "../../support/server-process";
import { type StripeApiServer, startStripeApiServer } from "../../support/stripe-api-server";
import { test } from "./test";

/**
 * A second app with card payments on, for the browser tests that need Stripe: the run's own server is in demo mode
 * (no Stripe keys). It talks to a local server that speaks Stripe's API (and serves its hosted pages); Stripe's
 * signed events go to the app's webhook. Its database starts empty: no demo data.
 */
export type StripeApp = {
  stripe: StripeApiServer;
  /** The app's origin, as the browser reaches it. */
  origin: string;
  /** Its DATA_DIR, for operator commands run against its database. */
  dataDir: string;
  stop(): Promise<void>;
};

export async function startStripeApp(webhookSecret: string): Promise<StripeApp> {
  const stripe = await startStripeApiServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), "staylondon-e2e-stripe-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let app: { child: ChildProcess } | undefined;
  try {
    app = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: "false",
        RATE_LIMIT_FACTOR: "100",
        // Links, the CSP, the same-origin check and Stripe's return address follow the origin the browser uses.
        PUBLIC_URL: origin,
        STRIPE_SECRET_KEY: "sk_test_local",
        STRIPE_PUBLISHABLE_KEY: "pk_test_local",
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
        LOG_LEVEL: "warn",
      },
      { port, readyWithinMs: 180_000 },
    );
  } catch (error) {
    await stripe.close();
    throw error;
  }
  stripe.sendEventsTo({ url: `${origin}/api/stripe/webhook`, secret: webhookSecret });
  const started = app;
  return {
    stripe,
    origin,
    dataDir,
    async stop() {
      started.child.kill("SIGTERM");
      await exited(started.child);
      await stripe.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A Stripe app started before the file's tests and stopped after them (the file runs serially); the answer gives it
 * inside a test.
 */
export function stripeAppForFile(webhookSecret: string): () => StripeApp {
  let started: StripeApp | undefined;
  test.beforeAll(async () => {
    // A second app on a machine the run shares: its start alone can take a minute when the machine is busy.
    test.setTimeout(240_000);
    started = await startStripeApp(webhookSecret);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error("the Stripe app starts in beforeAll");
    return started;
  };
}
