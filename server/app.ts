import { createServer } from "node:http";
import Fastify, { type FastifySchema, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { londonToday } from "../common/domain/calendar-dates";
import type { RouteAccess } from "./access/gates";
import type { AppConfig } from "./config/env";
import type { ChangeFeed } from "./db/change-feed";
import type { Database } from "./db/client";
import { EarlyAnswers } from "./lib/early-answers";
import { LOG_REDACTION } from "./lib/log-redaction";
import { registerRequestContext } from "./lib/request-context";
import { requestIdGenerator, serializeRequest } from "./lib/request-ids";
import { ServerKeys } from "./lib/server-keys";
import type { SiteFactsConfig } from "./lib/site-facts";
import { registerApiDocs } from "./plugins/api-docs";
import { registerErrorHandling, registerNotFound } from "./plugins/error-handler";
import { registerMetrics } from "./plugins/metrics";
import { registerOwnWritesSeen } from "./plugins/own-writes-seen";
import { createPageSender } from "./plugins/page-rendering";
import { registerRateLimits } from "./plugins/rate-limits";
import { registerSameOriginCheck } from "./plugins/same-origin";
import { registerSecurity } from "./plugins/security";
import { registerSessions } from "./plugins/sessions";
import { registerStaticFiles } from "./plugins/static-files";
import { registerTextInputGuard } from "./plugins/text-input-guard";
import type { Lifecycle } from "./routes/health";
import { ROUTE_TABLE, type RouteEntity } from "./routes/route-table";
import { AccountService } from "./services/account.service";
import { AccountClosureService } from "./services/account-closure.service";
import { AdminService } from "./services/admin.service";
import { AdminBookingsService } from "./services/admin-bookings.service";
import { AdminDashboardService } from "./services/admin-dashboard.service";
import { AdminUsersService } from "./services/admin-users.service";
import { AuditLogsService } from "./services/audit-logs.service";
import { AuthService } from "./services/auth.service";
import { AdminRefunds } from "./services/booking-lifecycle/admin-refunds";
import { BookingLifecycleService } from "./services/booking-lifecycle/booking-lifecycle.service";
import { BookingsService } from "./services/bookings.service";
import { CertificatesService } from "./services/certificates.service";
import { ConversationsService } from "./services/conversations";
import { DamageClaimsService } from "./services/damage-claims.service";
import { DashboardService } from "./services/dashboard.service";
import { EmailPreferencesService } from "./services/email-preferences.service";
import { LandlordAnalyticsService } from "./services/landlord-analytics.service";
import { LevyReturnsService } from "./services/levy-returns.service";
import { MaintenanceJobsService } from "./services/maintenance-jobs/maintenance-jobs.service";
import { ArrivalReminders } from "./services/messaging/arrival-reminders";
import { BookingNotifier } from "./services/messaging/booking-notifier";
import { CertificateReminders } from "./services/messaging/certificate-reminders";
import { MaintenanceNotifier } from "./services/messaging/maintenance-notifier";
import { Messenger } from "./services/messaging/messenger";
import { Outbox } from "./services/messaging/outbox";
import { PayoutTransfers } from "./services/money/payout-transfers";
import { Reconciliation } from "./services/money/reconciliation";
import { TransferReversals } from "./services/money/transfer-reversals";
import { MoneyDocumentsService } from "./services/money-documents.service";
import { OAuthService } from "./services/oauth.service";
import { OidcClients, type OidcSettings } from "./services/oidc-clients";
import { PasskeysService } from "./services/passkeys.service";
import { PasswordResetsService } from "./services/password-resets.service";
import { SavedCardPayments } from "./services/payments/saved-card-payments";
import { StripeGateway } from "./services/payments/stripe-gateway";
import { BankPayoutsService } from "./services/payouts/bank-payouts.service";
import { PayoutAccountsService } from "./services/payouts/payout-accounts.service";
import { PhotoUploadsService } from "./services/photo-uploads.service";
import { createPhotoStore } from "./services/photos/create-photo-store";
import { PlacesService } from "./services/places.service";
import { PlatformAnalyticsService } from "./services/platform-analytics.service";
import { PlatformReportService } from "./services/platform-report.service";
import { ProfilePhotoService } from "./services/profile-photo.service";
import { ListingAvailabilityService } from "./services/properties/availability.service";
import { PropertyCalendarService } from "./services/properties/calendar.service";
import { CalendarSyncService } from "./services/properties/calendar-sync/calendar-sync.service";
import { LandlordPropertiesService } from "./services/properties/landlord-listings.service";
import { PropertiesService } from "./services/properties/listings.service";
import { PropertyManagementService } from "./services/properties/management.service";
import { MapPinsService } from "./services/properties/map-pins.service";
import { AdminPropertiesService } from "./services/properties/moderation.service";
import { SavedPropertiesService } from "./services/properties/saved.service";
import { ReviewsService } from "./services/reviews.service";
import { SecurityDepositHoldsService } from "./services/security-deposit-holds.service";
import { SiteHighlightsService } from "./services/site-highlights.service";
import { StatementsService } from "./services/statements.service";
import { SupportService } from "./services/support.service";
import { TaxDetailsService } from "./services/tax-details.service";
import { TenanciesService } from "./services/tenancies/tenancies.service";
import { TenancyRightsService } from "./services/tenancies/tenancy-rights.service";
import { TenancyDepositsService } from "./services/tenancy-deposits.service";
import { TwoFactorService } from "./services/two-factor.service";
import { VerificationService } from "./services/verification.service";

export type AppServices = {
  admin: AdminService;
  adminDashboard: AdminDashboardService;
  adminBookings: AdminBookingsService;
  adminUsers: AdminUsersService;
  adminProperties: AdminPropertiesService;
  auditLogs: AuditLogsService;
  auth: AuthService;
  bookings: BookingsService;
  bookingLifecycle: BookingLifecycleService;
  calendarSync: CalendarSyncService;
  stripe: StripeGateway;
  oauth: OAuthService;
  passwordResets: PasswordResetsService;
  messenger: Messenger;
  verification: VerificationService;
  properties: PropertiesService;
  mapPins: MapPinsService;
  propertyCalendar: PropertyCalendarService;
  listingAvailability: ListingAvailabilityService;
  savedProperties: SavedPropertiesService;
  siteHighlights: SiteHighlightsService;
  support: SupportService;
  account: AccountService;
  reviews: ReviewsService;
  dashboard: DashboardService;
  places: PlacesService;
  landlordAnalytics: LandlordAnalyticsService;
  landlordProperties: LandlordPropertiesService;
  photoUploads: PhotoUploadsService;
  profilePhotos: ProfilePhotoService;
  propertyManagement: PropertyManagementService;
  conversations: ConversationsService;
  maintenanceJobs: MaintenanceJobsService;
  platformAnalytics: PlatformAnalyticsService;
  /** The server's own keys: unsubscribe-link signatures, two-factor secret and tax identifier encryption. */
  serverKeys: ServerKeys;
  emailPreferences: EmailPreferencesService;
  accountClosure: AccountClosureService;
  arrivalReminders: ArrivalReminders;
  /** Safety certificates and licences: the vault, the listing's section, the admins' lapsed list. */
  certificates: CertificatesService;
  certificateReminders: CertificateReminders;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  taxDetails: TaxDetailsService;
  payoutAccounts: PayoutAccountsService;
  bankPayouts: BankPayoutsService;
  payoutTransfers: PayoutTransfers;
  adminRefunds: AdminRefunds;
  reconciliation: Reconciliation;
  platformReport: PlatformReportService;
  /** A guest's receipts and VAT invoices, numbered without gaps and kept as issued. */
  moneyDocuments: MoneyDocumentsService;
  /** A payee's monthly statements and a landlord's tax-year summary. */
  statements: StatementsService;
  /** A host's quarterly visitor levy return. */
  levyReturns: LevyReturnsService;
  /** Damage claims after a short let: raised by the host, answered by the guest, disputed ones decided by admins. */
  damageClaims: DamageClaimsService;
  /** Tenancy deposits: their protection as the landlord records it, the prescribed information, the day-20 reminder. */
  tenancyDeposits: TenancyDepositsService;
  /** Periodic tenancies: the first month at agreement, monthly rent from the saved card, the tenant's notice. */
  tenancies: TenanciesService;
  /** Short lets' security deposit holds: placed before check-in, released after, taken for an agreed claim. */
  securityDepositHolds: SecurityDepositHoldsService;
  /** A tenancy's statement of terms, Section 13 rent increases and pet requests. */
  tenancyRights: TenancyRightsService;
};

/**
 * A registered route as the app knows it: what tests sweep, what each route says it needs, and the input it
 * validates (so generated bad input can be aimed at every route's own fields).
 */
export type RouteSummary = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: FastifySchema | undefined;
  /**
   * The entity of the route table's row that added it; none for the server's own plumbing (the API reference,
   * metrics, files and pages).
   */
  entity: RouteEntity | undefined;
};

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    services: AppServices;
    /** Every route registered, in order (HEAD twins of GET routes left out). */
    routeList: RouteSummary[];
    /** Set to draining when the process is told to stop: /readyz then turns traffic away. */
    lifecycle: Lifecycle;
    /** Every e-mail and text message goes through it (tests drain it to wait for delivery). */
    outbox: Outbox;
    /** Kept answers of the busiest public reads, sent again before Fastify's request path. */
    earlyAnswers: EarlyAnswers;
  }
}

export type AppDependencies = {
  config: SiteFactsConfig &
    OidcSettings &
    Pick<
      AppConfig,
      | "publicUrl"
      | "dataDir"
      | "s3"
      | "TRUST_PROXY"
      | "LOG_LEVEL"
      | "SEARCH_CACHE"
      | "RATE_LIMIT_FACTOR"
      | "METRICS_TOKEN"
      | "SERVER_KEY"
      | "SESSION_IDLE_DAYS"
      | "SESSION_ABSOLUTE_DAYS"
      | "cookieSecure"
      | "devOutbox"
      | "SMTP_URL"
      | "MAIL_FROM"
      | "SMS_WEBHOOK_URL"
      | "SMS_WEBHOOK_TOKEN"
      | "OUTBOX_POLL_MS"
      | "OUTBOX_MAX_ATTEMPTS"
      | "MAP_TILE_URL"
      | "MAP_ATTRIBUTION"
      | "STRIPE_SECRET_KEY"
      | "STRIPE_PUBLISHABLE_KEY"
      | "STRIPE_WEBHOOK_SECRET"
      | "STRIPE_API_URL"
      | "ICAL_SYNC_MINUTES"
      | "ICAL_FETCH_TIMEOUT_MS"
      | "ICAL_ALLOW_PRIVATE_HOSTS"
      | "PLATFORM_OPERATOR_ID"
      | "PLATFORM_OPERATOR_UTR"
    >;
  db: Database;
  /** Database change notifications; without one, nothing is cached. */
  changeFeed?: ChangeFeed;
  /** false for none; otherwise pino options (level, stream…) laid over the app's own. */
  logger?: false | Exclude<FastifyServerOptions["logger"], boolean | undefined>;
  /** The clock for "today" in the landlord figures and the booking lifecycle; tests fix it. */
  now?: () => Date;
  /**
   * true: close() drops every connection at once, even one whose client has stopped reading (tests, where a
   * forgotten body must not hold a file's server open). By default close() waits for answers in flight to be sent,
   * so a rolling restart loses no request.
   */
  forceCloseConnections?: boolean;
};

/** The whole HTTP application, without listening: server.ts listens, tests listen on a free port. */
export async function buildApp({
  config,
  db,
  changeFeed,
  logger,
  now = () => new Date(),
  forceCloseConnections = false,
}: AppDependencies) {
  const earlyAnswers = new EarlyAnswers(config.TRUST_PROXY);
  const app = Fastify({
    // A kept answer goes out before Fastify builds its request; anything else takes the full path.
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (!earlyAnswers.tryAnswer(request, response)) handler(request, response);
      });
      // The timeouts Fastify gives a server it makes itself (its options arrive with their defaults filled in).
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as FastifyServerOptions;
      if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout ?? 0);
      return server;
    },
    logger:
      logger === false
        ? false
        : { level: config.LOG_LEVEL, ...logger, serializers: { req: serializeRequest }, redact: LOG_REDACTION },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Long enough for a slow phone connection, short enough to shed stuck clients.
    requestTimeout: 30_000,
    routerOptions: { maxParamLength: 200 },
    // Unique across instances and restarts (or the proxy's own), so an audit entry's request can be found in any log.
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    // "idle": keep-alive connections with nothing in flight close with the server; answers being sent finish first.
    forceCloseConnections: forceCloseConnections ? true : "idle",
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestContext(app);
  const routeList: RouteSummary[] = [];
  app.decorate("routeList", routeList);
  // The route table's row being registered: a plugin's routes are added while its registration is awaited.
  let registeringEntity: RouteEntity | undefined;
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") {
        routeList.push({
          method,
          url: route.url,
          access: route.config?.access,
          schema: route.schema,
          entity: registeringEntity,
        });
      }
    }
  });
  app.decorate("db", db);
  app.decorate("earlyAnswers", earlyAnswers);
  app.addHook("preClose", (done) => {
    earlyAnswers.close();
    done();
  });
  const lifecycle: Lifecycle = { draining: false };
  app.decorate("lifecycle", lifecycle);
  const messenger = new Messenger(db, {
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    smsWebhookUrl: config.SMS_WEBHOOK_URL,
    smsWebhookToken: config.SMS_WEBHOOK_TOKEN,
    devOutbox: config.devOutbox,
  });
  const outbox = new Outbox(db, messenger, app.log, {
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
  });
  app.decorate("outbox", outbox);
  // Every instance sends: woken by any instance's commit through the change feed, and by its own poll.
  app.addHook("onReady", async () => outbox.start(changeFeed));
  const verification = new VerificationService(db, outbox, config.publicUrl);
  const auth = new AuthService(db, verification, app.log);
  const stripe = new StripeGateway({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL,
  });
  const bookingNotifier = new BookingNotifier(outbox, config.publicUrl);
  const transferReversals = new TransferReversals(db, stripe, app.log);
  const adminRefunds = new AdminRefunds(db, stripe, transferReversals, () => londonToday(now()));
  const securityDepositHolds = new SecurityDepositHoldsService(db, stripe, now);
  const tenancies = new TenanciesService(db, new SavedCardPayments(stripe), outbox, config.publicUrl, () =>
    londonToday(now()),
  );
  const bookingLifecycle = new BookingLifecycleService(db, stripe, app.log, bookingNotifier, now, tenancies);
  const places = new PlacesService();
  const oidcClients = new OidcClients(config);
  const photoStore = await createPhotoStore(config);
  const landlordProperties = new LandlordPropertiesService(db, places, photoStore, now);
  const profilePhotos = new ProfilePhotoService(db, photoStore, app.log);
  const auditLogs = new AuditLogsService(db);
  const serverKeys = new ServerKeys(db, config.SERVER_KEY);
  const emailPreferences = new EmailPreferencesService(db, serverKeys, config.publicUrl);
  const taxDetails = new TaxDetailsService(db, serverKeys);
  const landlordAnalytics = new LandlordAnalyticsService(db, now);
  app.decorate("services", {
    admin: new AdminService(db, outbox, config.publicUrl, app.log, now),
    adminDashboard: new AdminDashboardService(
      db,
      { stripe, messenger, oauthProviders: () => oidcClients.configured() },
      now,
    ),
    adminBookings: new AdminBookingsService(db, bookingLifecycle, now, adminRefunds),
    adminUsers: new AdminUsersService(db, auditLogs),
    adminProperties: new AdminPropertiesService(db, landlordAnalytics, bookingLifecycle, bookingNotifier, now),
    auditLogs,
    auth,
    bookings: new BookingsService(db, bookingLifecycle, bookingNotifier, now, tenancies),
    bookingLifecycle,
    calendarSync: new CalendarSyncService(
      db,
      {
        publicUrl: config.publicUrl,
        syncMinutes: config.ICAL_SYNC_MINUTES,
        fetchTimeoutMs: config.ICAL_FETCH_TIMEOUT_MS,
        allowPrivateHosts: config.ICAL_ALLOW_PRIVATE_HOSTS,
      },
      app.log,
      now,
    ),
    stripe,
    oauth: new OAuthService(db, oidcClients, auth, {
      log: app.log,
      sendEmailVerification: async (userId) => {
        await verification.sendEmailVerification(userId);
      },
    }),
    messenger,
    passwordResets: new PasswordResetsService(db, outbox, config.publicUrl, auth),
    properties: new PropertiesService(db, { feed: changeFeed, cacheResults: config.SEARCH_CACHE }),
    mapPins: new MapPinsService(db, { feed: changeFeed, cacheResults: config.SEARCH_CACHE }),
    propertyCalendar: new PropertyCalendarService(db, bookingLifecycle),
    listingAvailability: new ListingAvailabilityService(db, bookingLifecycle, now),
    savedProperties: new SavedPropertiesService(db),
    siteHighlights: new SiteHighlightsService(db, now),
    support: new SupportService(db, outbox, { publicUrl: config.publicUrl, supportEmail: config.SUPPORT_EMAIL }),
    account: new AccountService(db, outbox, config.publicUrl),
    reviews: new ReviewsService(db),
    dashboard: new DashboardService(db),
    // The bundled UK places list, read once here.
    places,
    verification,
    landlordAnalytics,
    landlordProperties,
    photoUploads: new PhotoUploadsService(db, photoStore, landlordProperties, profilePhotos),
    profilePhotos,
    maintenanceJobs: new MaintenanceJobsService(
      db,
      photoStore,
      bookingLifecycle,
      new MaintenanceNotifier(outbox, config.publicUrl),
      now,
      () => !stripe.enabled,
    ),
    platformAnalytics: new PlatformAnalyticsService(db, now),
    serverKeys,
    emailPreferences,
    accountClosure: new AccountClosureService(db, outbox, profilePhotos, now),
    arrivalReminders: new ArrivalReminders(db, outbox, emailPreferences, config.publicUrl, now),
    certificates: new CertificatesService(db, photoStore, now),
    certificateReminders: new CertificateReminders(
      db,
      outbox,
      (propertyId) => `${config.publicUrl}/properties/${propertyId}/certificates`,
      now,
    ),
    twoFactor: new TwoFactorService(db, outbox, serverKeys, config.publicUrl),
    passkeys: new PasskeysService(db, auth, config.publicUrl),
    taxDetails,
    payoutAccounts: new PayoutAccountsService(db, stripe, config.publicUrl),
    bankPayouts: new BankPayoutsService(db, stripe),
    payoutTransfers: new PayoutTransfers(db, stripe, app.log, transferReversals),
    adminRefunds,
    reconciliation: new Reconciliation(db, stripe),
    platformReport: new PlatformReportService(db, serverKeys, taxDetails, config, now),
    moneyDocuments: new MoneyDocumentsService(db, config, now),
    statements: new StatementsService(db, now),
    levyReturns: new LevyReturnsService(db, stripe, () => londonToday(now())),
    tenancies,
    damageClaims: new DamageClaimsService(
      db,
      stripe,
      outbox,
      photoStore,
      config.publicUrl,
      () => londonToday(now()),
      securityDepositHolds,
    ),
    securityDepositHolds,
    tenancyRights: new TenancyRightsService(db, outbox, config.publicUrl, now, () => londonToday(now())),
    propertyManagement: new PropertyManagementService(db, landlordAnalytics, now),
    conversations: new ConversationsService(db, outbox, config.publicUrl),
    tenancyDeposits: new TenancyDepositsService(db, outbox, `${config.publicUrl}/landlord/bookings`, now),
  });
  // While closing, a keep-alive connection is let go as soon as its last answer has been sent in full: otherwise the
  // close would wait out each client's keep-alive timeout after the requests in flight have been answered.
  app.addHook("preClose", (done) => {
    app.server.keepAliveTimeout = 1;
    done();
  });
  // A shutdown finishes the batch in hand before the connection to the mail server goes.
  app.addHook("onClose", async () => {
    await outbox.stop();
    messenger.close();
  });

  registerErrorHandling(app);
  registerTextInputGuard(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    mapTileUrl: config.MAP_TILE_URL,
    stripe: stripe.enabled,
    photoUploadOrigin: photoStore.directUploads?.origin,
  });
  registerSameOriginCheck(app, { publicUrl: config.publicUrl });
  registerOwnWritesSeen(app, changeFeed);
  await registerSessions(app, {
    db,
    idleDays: config.SESSION_IDLE_DAYS,
    absoluteDays: config.SESSION_ABSOLUTE_DAYS,
    secureCookie: config.cookieSecure,
  });

  registerMetrics(app, config.METRICS_TOKEN, {
    db,
    searchCache: () => app.services.properties.cacheLookups,
  });
  // Before the routes: the reference and the limits attach to each route as it is registered.
  await registerApiDocs(app, { publicUrl: config.publicUrl });
  registerRateLimits(app, db, config.RATE_LIMIT_FACTOR);
  // Every route plugin, from the one table; each route is marked with its row's entity as it is added.
  const routeContext = { config, changeFeed, lifecycle };
  for (const row of ROUTE_TABLE) {
    if (row.when && !row.when(config)) continue;
    registeringEntity = row.entity;
    await app.register(row.plugin, { prefix: row.prefix, ...row.options?.(routeContext) });
    registeringEntity = undefined;
  }
  const clientDir = await registerStaticFiles(app, { photos: photoStore.serving });
  const sendPage = clientDir ? await createPageSender(app, { clientDir, publicUrl: config.publicUrl }) : null;
  // "/" is a folder to the static handler: the home page is drawn like any other page.
  if (sendPage) app.get("/", sendPage);
  registerNotFound(app, sendPage);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
