import { RECENT_FAILURE_DAYS } from "../../common/domain/audit-log";
import { londonToday } from "../../common/domain/calendar-dates";
import { penceToPounds } from "../../common/domain/pricing";
import type { TAdminStats, TServiceCheck, TSystemStatus } from "../../common/schemas/admin-dashboard";
import type { Database } from "../db/client";
import { TtlCache } from "../lib/ttl-cache";
import { countPlatform, monthRevenue, pingDatabase } from "../repositories/admin-dashboard.repository";
import { countAuditActionsSince } from "../repositories/audit-logs.repository";
import { readBookingTallies } from "../repositories/booking-tallies.repository";
import { foldStayFigures } from "../repositories/stay-figures.repository";
import type { Messenger } from "./messaging/messenger";
import type { StripeGateway } from "./payments/stripe-gateway";

/** "Active users": signed in or made a request within this many days. */
const ACTIVE_DAYS = 30;
/** External checks are repeated at most this often, however many admins keep the dashboard open. */
const STATUS_TTL_MS = 30_000;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function nextMonthStart(monthStart: string): string {
  const [year, month] = monthStart.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** The admin dashboard: platform figures from the database and the state of the services the platform uses. */
export class AdminDashboardService {
  private readonly statusCache = new TtlCache<TSystemStatus>(1, STATUS_TTL_MS);

  constructor(
    private readonly db: Database,
    private readonly services: {
      stripe: StripeGateway;
      messenger: Messenger;
      /** Which sign-in providers are configured. */
      oauthProviders: () => Record<string, boolean>;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async stats(): Promise<TAdminStats> {
    const now = this.now();
    const month = `${londonToday(now).slice(0, 7)}-01`;
    const since = new Date(now.getTime() - RECENT_FAILURE_DAYS * 86_400_000);
    // Stays changed since the last fold are counted in before the month's revenue is read.
    await foldStayFigures(this.db);
    const [counts, revenue, tallies, failedPayments, failedMessages, reconciliationDifferences] = await Promise.all([
      countPlatform(this.db, new Date(now.getTime() - ACTIVE_DAYS * 86_400_000)),
      monthRevenue(this.db, { from: month, to: nextMonthStart(month) }),
      readBookingTallies(this.db),
      countAuditActionsSince(this.db, ["payment.failed"], since),
      countAuditActionsSince(this.db, ["message.failed"], since),
      countAuditActionsSince(this.db, ["reconciliation.mismatch"], since),
    ]);
    const { landlordApprovals, ...figures } = counts;
    return {
      ...figures,
      totalBookings: [...tallies.values()].reduce((sum, t) => sum + t.bookings, 0),
      monthlyRevenue: penceToPounds(revenue.collected + revenue.expected + revenue.demo),
      monthlyRevenueSettlement: {
        collected: penceToPounds(revenue.collected),
        expected: penceToPounds(revenue.expected),
        demo: penceToPounds(revenue.demo),
      },
      month: month.slice(0, 7),
      pendingIssues: landlordApprovals + failedPayments + failedMessages + reconciliationDifferences,
      pendingIssueBreakdown: {
        landlordApprovals,
        failedPayments,
        failedMessages,
        reconciliationDifferences,
        recentDays: RECENT_FAILURE_DAYS,
      },
    };
  }

  async systemStatus(): Promise<TSystemStatus> {
    const cached = this.statusCache.get("status");
    if (cached) return cached;
    const [database, payments, email] = await Promise.all([this.database(), this.payments(), this.email()]);
    const status = { checkedAt: new Date().toISOString(), database, payments, oauth: this.oauth(), email };
    this.statusCache.set("status", status);
    return status;
  }

  private async database(): Promise<TServiceCheck> {
    const started = performance.now();
    try {
      const { version } = await pingDatabase(this.db);
      const ms = Math.max(1, Math.round(performance.now() - started));
      return { state: "ok", summary: "Connected", detail: `PostgreSQL ${version}, answered in ${ms} ms.` };
    } catch (error) {
      return { state: "down", summary: "Unreachable", detail: `The database did not answer: ${reason(error)}` };
    }
  }

  private async payments(): Promise<TServiceCheck> {
    const { stripe } = this.services;
    if (!stripe.enabled) {
      return {
        state: "demo",
        summary: "Demo mode",
        detail: "Card payments are off: bookings are requests that landlords accept within 48 hours.",
      };
    }
    try {
      await stripe.ping();
      const webhooks = stripe.webhooksEnabled ? "payment events are received" : "no webhook secret is set";
      return { state: "ok", summary: "Stripe reachable", detail: `Card payments are on; ${webhooks}.` };
    } catch (error) {
      return { state: "down", summary: "Stripe unreachable", detail: `Stripe did not answer: ${reason(error)}` };
    }
  }

  private oauth(): TServiceCheck {
    const names: Record<string, string> = { google: "Google", apple: "Apple" };
    const on = Object.entries(this.services.oauthProviders())
      .filter(([, configured]) => configured)
      .map(([provider]) => names[provider] ?? provider);
    if (on.length === 0) {
      return { state: "off", summary: "None configured", detail: "People sign in with e-mail and password only." };
    }
    return { state: "ok", summary: on.join(" and "), detail: `Sign-in with ${on.join(" and ")} is offered.` };
  }

  private async email(): Promise<TServiceCheck> {
    const { messenger } = this.services;
    const channel = messenger.channels.email;
    if (channel === "outbox") {
      return {
        state: "demo",
        summary: "Dev outbox",
        detail: "No mail server is set: e-mails are kept in the dev outbox instead of being sent.",
      };
    }
    if (channel === "off") {
      return { state: "off", summary: "Not configured", detail: "No mail server is set: e-mails cannot be sent." };
    }
    try {
      await messenger.checkSmtp();
      return { state: "ok", summary: "SMTP reachable", detail: "The mail server answered and accepted our login." };
    } catch (error) {
      return { state: "down", summary: "SMTP unreachable", detail: `The mail server did not answer: ${reason(error)}` };
    }
  }
}
