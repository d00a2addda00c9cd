import path from "node:path";
import { z } from "zod";
import { checkUtr } from "../../common/domain/tax-identifiers";

/**
 * Every setting the server reads, validated once at boot. `.env.example` documents the same list.
 * Nothing else in the server reads process.env.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Any PostgreSQL server. When unset, an embedded server is started under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Seed demo data when the database has no properties. Defaults to on for the embedded database only. */
  SEED_DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Public origin of the site, used in links and the CSP; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still served, before the listener closes:
   * long enough for the load balancer to notice (its health-check interval). 0 stops at once.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /** Trust X-Forwarded-* (and X-Request-Id) from a reverse proxy (needed for client IPs and HTTPS detection). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Prometheus metrics at /metrics for requests bearing this token (at least 16 characters); unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /**
   * The key behind one-click unsubscribe links and the encryption of two-factor secrets (at least 32 characters).
   * Unset: the server makes one on first start and keeps it in the database, shared by every instance.
   */
  SERVER_KEY: z.string().min(32, "SERVER_KEY must be at least 32 characters").optional(),
  /**
   * Multiplies every rate limit (server/plugins/rate-limits.ts); 0 switches them off. The browser tests' server,
   * where one address makes every request, raises them; load tests from one machine switch them off.
   */
  RATE_LIMIT_FACTOR: z.coerce.number().min(0).max(1_000_000).default(1),
  /** Cache public search results in memory (invalidated by the database on every listing change). */
  SEARCH_CACHE: booleanFlag.default(true),
  /** A session ends after this many days without a request… */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  /** …and in any case this many days after sign-in. */
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Secure cookies: "auto" follows PUBLIC_URL's scheme. */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),

  /** Outgoing mail: smtp://user:pass@host:587 or smtps://… When unset, mail goes to the dev outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("StayLondon <no-reply@staylondon.example>"),
  /** An HTTP SMS provider: the app POSTs {to, body} as JSON with a bearer token. When unset, SMS goes to the outbox. */
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  /** The dev outbox (/dev/outbox): on by default only with the embedded database. */
  DEV_OUTBOX: booleanFlag.optional(),
  /**
   * How often each instance looks for e-mails and texts due to be sent (retries, and messages another instance
   * wrote while this one's change feed was down); a new message wakes every instance at once regardless.
   */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** Attempts at one message (30 s, 1 min, 2 min… apart, at most an hour) before it is given up and logged. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(10),

  /** Google sign-in (OpenID Connect). Both id and secret switch it on; the issuer is for tests and other IdPs. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  /** Sign in with Apple: the Services ID, team id, key id and the .p8 private key (PEM, \n allowed). */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_ISSUER: z.url().default("https://appleid.apple.com"),

  /**
   * Who runs the site, as the footer, the terms and the privacy notice name them. Unset details are left out rather
   * than invented: a company number or registered address appears only once given.
   */
  COMPANY_NAME: z.string().trim().min(1).max(120).default("StayLondon"),
  COMPANY_NUMBER: z
    .string()
    .trim()
    .regex(/^(\d{8}|[A-Z]{2}\d{6})$/, "COMPANY_NUMBER must be a Companies House number such as 01234567 or SC123456")
    .optional(),
  COMPANY_ADDRESS: z.string().trim().min(5).max(300).optional(),
  /**
   * HMRC's yearly report of sellers' earnings (Reporting Rules for Digital Platforms) names the platform operator by
   * the ID HMRC gives when the platform registers for reporting, and its Unique Taxpayer Reference. Unset, the
   * export refuses with the setting's name: neither is ever made up.
   */
  PLATFORM_OPERATOR_ID: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z0-9]{5,30}$/,
      "PLATFORM_OPERATOR_ID must be the platform operator ID HMRC gave, such as XEDPI0123456789",
    )
    .optional(),
  PLATFORM_OPERATOR_UTR: z
    .string()
    .trim()
    .transform((typed, ctx) => {
      const checked = checkUtr(typed);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: "custom", message: `PLATFORM_OPERATOR_UTR: ${checked.reason}` });
      return z.NEVER;
    })
    .optional(),
  /**
   * The platform's VAT registration number (GB and 9 or 12 digits). Unset: the platform is not VAT-registered, so
   * receipts say so and no VAT invoice is issued; a number is never invented.
   */
  VAT_NUMBER: z
    .string()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^GB(\d{9}|\d{12})$/, "VAT_NUMBER must be a UK VAT number such as GB123456789"))
    .optional(),
  /** Where people write to us (the privacy notice, the contact page, e-mail footers). Unset: no address is shown. */
  SUPPORT_EMAIL: z.email("SUPPORT_EMAIL must be an e-mail address").optional(),
  /** The ICO's data protection fee registration number, shown in the privacy notice once given. */
  ICO_REGISTRATION: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6,12}$/, "ICO_REGISTRATION must be the ICO's reference")
    .optional(),

  /** Map tiles (Leaflet URL template with {z}/{x}/{y}); their origin is allowed in the CSP's img-src. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, "MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}")
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** The credit the tile provider asks for, shown on every map as plain text. */
  MAP_ATTRIBUTION: z.string().min(1).max(300).default("© OpenStreetMap contributors"),

  /** Card payments (Stripe). The secret and publishable keys switch them on; without them bookings are requests. */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "STRIPE_SECRET_KEY must start with sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "STRIPE_PUBLISHABLE_KEY must start with pk_").optional(),
  /** The signing secret of the webhook endpoint (POST /api/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must start with whsec_").optional(),
  /** Another Stripe API origin (tests point it at a local server); defaults to Stripe's own. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Photos in an S3-compatible store (AWS S3, Cloudflare R2, MinIO) instead of DATA_DIR/photos: the bucket switches
   * it on. Browsers upload straight to the store, so the bucket needs a CORS rule for PUBLIC_URL (docs/deploy.md).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name")
    .optional(),
  /** The bucket's region; R2 takes "auto". */
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** The store's API origin for anything but AWS (R2, MinIO…); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Where browsers reach the store, when not at S3_ENDPOINT (the app on an internal network name). */
  S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Keys of a user that may read, write and delete in the bucket; unset: the SDK's own chain (an IAM role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket as ENDPOINT/BUCKET rather than BUCKET.ENDPOINT (MinIO and most self-hosted stores). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * Calendar sync: minutes between two fetches of each imported calendar feed (a job looks for feeds due every
   * minute); 0 switches the scheduled fetches off ("Sync now" still works).
   */
  ICAL_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  /** How long one feed fetch may take before it is given up. */
  ICAL_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Let feed addresses reach private and loopback networks. For tests and local development only: on a public site
   * it lets anyone with a landlord account make the server fetch from its own network.
   */
  ICAL_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
  /** How often the booking jobs (expire holds, complete stays) run; 0 switches them off. */
  BOOKING_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How often payees' shares of stays whose check-in day has passed are sent to them; 0 switches it off. */
  PAYOUT_TRANSFERS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** System Logs keeps entries this many whole days; a daily job removes older ones. */
  AUDIT_LOG_RETENTION_DAYS: z.coerce
    .number({ error: "AUDIT_LOG_RETENTION_DAYS must be a number of days" })
    .int("AUDIT_LOG_RETENTION_DAYS must be a whole number of days")
    .min(1, "AUDIT_LOG_RETENTION_DAYS must be at least 1")
    .max(3650, "AUDIT_LOG_RETENTION_DAYS must be at most 3650 (ten years)")
    .default(365),
});

export type Env = z.infer<typeof ZEnv>;

/** The S3 settings when S3_BUCKET is set; null keeps photos on local disk. */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  publicEndpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

export type AppConfig = Env & {
  dataDir: string;
  publicUrl: string;
  seedDemoData: boolean;
  cookieSecure: boolean;
  devOutbox: boolean;
  /** DEV_OUTBOX was asked for, but the site is not served on this machine, so it stays off (server.ts says so). */
  devOutboxRefused: boolean;
  s3: S3Settings | null;
};

/** The dev outbox shows every verification link and code to whoever opens it: only a site on this machine may have it. */
function isLocalSite(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // A setting left empty ("METRICS_TOKEN=" in .env, "${X:-}" in compose) means unset, not an invalid value.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error("Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const devOutboxAsked = env.DEV_OUTBOX ?? env.DATABASE_URL === undefined;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    seedDemoData: env.SEED_DEMO_DATA ?? env.DATABASE_URL === undefined,
    devOutbox: devOutboxAsked && isLocalSite(publicUrl),
    devOutboxRefused: devOutboxAsked && !isLocalSite(publicUrl),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : null,
    cookieSecure:
      env.COOKIE_SECURE === "auto" ? (env.PUBLIC_URL ?? "").startsWith("https://") : env.COOKIE_SECURE === "true",
  };
}
