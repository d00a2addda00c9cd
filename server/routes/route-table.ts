import type { FastifyPluginOptions } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../config/env";
import type { ChangeFeed } from "../db/change-feed";
import { type SiteFactsConfig, siteFacts } from "../lib/site-facts";
import accountRoutes from "./api/account";
import passkeyRoutes from "./api/account/passkeys";
import taxDetailsRoutes from "./api/account/tax-details";
import twoFactorRoutes from "./api/account/two-factor";
import adminRoutes from "./api/admin";
import analyticsRoutes from "./api/analytics";
import authRoutes, { logoutNavigationRoute } from "./api/auth";
import oauthRoutes from "./api/auth/oauth";
import passkeySignInRoutes from "./api/auth/passkey";
import passwordResetRoutes from "./api/auth/password-reset";
import twoFactorSignInRoutes from "./api/auth/two-factor";
import verificationRoutes from "./api/auth/verification";
import bookingsRoutes from "./api/bookings";
import depositRoutes from "./api/bookings/deposit";
import bookingDocumentsRoutes from "./api/bookings/documents";
import managedBookingsRoutes from "./api/bookings/managed";
import tenancyRoutes from "./api/bookings/tenancy";
import configRoutes from "./api/config";
import contractorRoutes from "./api/contractor";
import { guestHostRoutes, ownerManagerRoutes } from "./api/conversations";
import damageClaimRoutes from "./api/damage-claims";
import dashboardRoutes from "./api/dashboard";
import devOutboxRoutes, { devOutboxOffRoutes } from "./api/dev/outbox";
import emailRoutes from "./api/email";
import { levyReturnsRoutes } from "./api/levy-returns";
import maintenanceRoutes from "./api/maintenance";
import paymentsRoutes from "./api/payments";
import payoutRoutes from "./api/payouts";
import placesRoutes from "./api/places";
import propertyRoutes from "./api/properties";
import reviewsRoutes from "./api/reviews";
import siteRoutes from "./api/site";
import { statementsRoutes, taxReportsRoutes } from "./api/statements";
import supportRoutes from "./api/support";
import tenancyRightsRoutes from "./api/tenancies";
import healthRoutes, { type Lifecycle } from "./health";
import icalRoutes from "./ical";
import sitemapRoutes from "./sitemap";

/** What a route belongs to: the authorization matrix reports its coverage by these. */
export const ROUTE_ENTITIES = [
  "property",
  "review",
  "auth",
  "admin",
  "booking",
  "conversation",
  "maintenance",
  "account",
  "payout",
  "support",
  "site",
] as const;
export type RouteEntity = (typeof ROUTE_ENTITIES)[number];

/** The settings some rows' options are made from. */
export type RouteTableConfig = SiteFactsConfig &
  Pick<AppConfig, "publicUrl" | "cookieSecure" | "MAP_TILE_URL" | "MAP_ATTRIBUTION" | "devOutbox">;

/** What the app hands the table when it registers it. */
export type RouteContext = { config: RouteTableConfig; changeFeed?: ChangeFeed; lifecycle: Lifecycle };

/** One plugin of routes: whose they are, where they live, and what the plugin is given. */
export type RouteRow = {
  entity: RouteEntity;
  /** The path its routes live under; none for a plugin that names its whole paths. */
  prefix?: string;
  plugin: FastifyPluginAsyncZod<FastifyPluginOptions>;
  options?: (context: RouteContext) => FastifyPluginOptions;
  /** Registered only in the set-ups this allows. */
  when?: (config: RouteTableConfig) => boolean;
};

/** A row whose options are checked against its plugin's own, kept as a plain row in the table. */
function row<Options extends FastifyPluginOptions>(declared: {
  entity: RouteEntity;
  prefix?: string;
  plugin: FastifyPluginAsyncZod<Options>;
  options?: (context: RouteContext) => Options;
  when?: (config: RouteTableConfig) => boolean;
}): RouteRow {
  return declared as unknown as RouteRow;
}

/**
 * Every route plugin of the app, in the order it registers them (which is also the order the API reference lists
 * them in), grouped by entity. The authorization matrix checks that every route the app registers comes from a
 * row here, or from the server's own plumbing (the API reference, metrics, static files and pages).
 */
export const ROUTE_TABLE: readonly RouteRow[] = [
  // Listings: search and detail, the landlord's, manager's and guest's concerns (one entry under /api/properties,
  // which registers them in order), the listing's calendar feed and the landlord's figures.
  row({ entity: "property", prefix: "/api/properties", plugin: propertyRoutes }),
  // A listing's calendar feed for other sites, at its secret address (no session: the address is the credential).
  row({ entity: "property", plugin: icalRoutes }),
  row({ entity: "property", prefix: "/api/analytics", plugin: analyticsRoutes }),

  row({ entity: "review", prefix: "/api/reviews", plugin: reviewsRoutes }),

  // Signing in and out, registering, verifying, resetting a password.
  row({ entity: "auth", prefix: "/api/auth", plugin: authRoutes }),
  row({
    entity: "auth",
    prefix: "/api/auth",
    plugin: oauthRoutes,
    options: ({ config }) => ({ secureCookie: config.cookieSecure }),
  }),
  row({ entity: "auth", prefix: "/api/auth", plugin: verificationRoutes }),
  row({ entity: "auth", prefix: "/api/auth", plugin: passwordResetRoutes }),
  row({ entity: "auth", prefix: "/api/auth", plugin: passkeySignInRoutes }),
  row({ entity: "auth", prefix: "/api/auth", plugin: twoFactorSignInRoutes }),
  // GET /api/logout: signing out by following a link.
  row({ entity: "auth", plugin: logoutNavigationRoute }),

  row({ entity: "admin", prefix: "/api/admin", plugin: adminRoutes }),

  row({ entity: "booking", prefix: "/api/bookings", plugin: bookingsRoutes }),
  // The manager's bookings: the static /managed-properties wins over /:id.
  row({ entity: "booking", prefix: "/api/bookings", plugin: managedBookingsRoutes }),
  // A guest's receipt and VAT invoice for a stay (the static /documents wins over /:id).
  row({ entity: "booking", prefix: "/api/bookings", plugin: bookingDocumentsRoutes }),
  // A tenancy deposit's protection, recorded by the landlord, and its prescribed information.
  row({ entity: "booking", prefix: "/api/bookings", plugin: depositRoutes }),
  // A periodic tenancy: its rent, the tenant's saved card and their notice.
  row({ entity: "booking", prefix: "/api/bookings", plugin: tenancyRoutes }),
  // Paying for a booking, and Stripe's webhook.
  row({ entity: "booking", prefix: "/api", plugin: paymentsRoutes }),
  // Damage claims after a stay: raised on a booking, answered by its guest (disputed ones decided under /api/admin).
  row({ entity: "booking", plugin: damageClaimRoutes }),
  // A tenancy's rights on its booking: the statement of terms, Section 13 rent increases and pet requests.
  row({ entity: "booking", plugin: tenancyRightsRoutes }),

  // Conversations, one model with two kinds: a guest with the host side, an owner with their manager.
  row({ entity: "conversation", prefix: "/api/messages", plugin: guestHostRoutes }),
  row({ entity: "conversation", prefix: "/api/manager-threads", plugin: ownerManagerRoutes }),

  row({ entity: "maintenance", prefix: "/api/maintenance", plugin: maintenanceRoutes }),
  row({ entity: "maintenance", prefix: "/api/contractor", plugin: contractorRoutes }),

  // A person's own account, figures and e-mail preferences.
  row({ entity: "account", prefix: "/api/dashboard", plugin: dashboardRoutes }),
  row({ entity: "account", prefix: "/api/email", plugin: emailRoutes }),
  row({ entity: "account", prefix: "/api/account", plugin: accountRoutes }),
  row({ entity: "account", prefix: "/api/account", plugin: twoFactorRoutes }),
  row({ entity: "account", prefix: "/api/account", plugin: passkeyRoutes }),
  // What sellers paid through the platform give for HMRC's yearly report of their earnings, and their copy of it.
  row({ entity: "account", prefix: "/api/account", plugin: taxDetailsRoutes }),
  // What payees were paid, month by month, and a landlord's tax-year summary, from their own ledger lines.
  row({ entity: "account", prefix: "/api/statements", plugin: statementsRoutes }),
  row({ entity: "account", prefix: "/api/tax-reports", plugin: taxReportsRoutes }),
  row({ entity: "account", prefix: "/api/levy-returns", plugin: levyReturnsRoutes }),

  // Where a payee's money goes: their own Stripe payout account.
  row({ entity: "payout", prefix: "/api/payouts", plugin: payoutRoutes }),

  row({ entity: "support", prefix: "/api/support", plugin: supportRoutes }),

  // The site as a whole: health checks, crawlers' files, places, what the pages say, the client's settings.
  row({ entity: "site", plugin: healthRoutes, options: ({ changeFeed, lifecycle }) => ({ changeFeed, lifecycle }) }),
  row({ entity: "site", plugin: sitemapRoutes, options: ({ config }) => ({ publicUrl: config.publicUrl }) }),
  row({ entity: "site", prefix: "/api/places", plugin: placesRoutes }),
  row({ entity: "site", prefix: "/api/site", plugin: siteRoutes }),
  row({
    entity: "site",
    prefix: "/api/config",
    plugin: configRoutes,
    options: ({ config }) => ({
      map: { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION },
      site: siteFacts(config),
    }),
  }),
  // The messages the app "sent" without a mail provider: only while the dev outbox is on.
  row({ entity: "site", prefix: "/api/dev", plugin: devOutboxRoutes, when: (config) => config.devOutbox }),
  row({ entity: "site", plugin: devOutboxOffRoutes, when: (config) => !config.devOutbox }),
];
