import path from "node:path";
import { z } from "zod";

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
  /** Trust X-Forwarded-* from a reverse proxy (needed for client IPs and HTTPS detection). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Cache public search results in memory (invalidated by the database on every listing change). */
  SEARCH_CACHE: booleanFlag.default(true),
  /** A session ends after this many days without a request… */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  /** …and in any case this many days after sign-in. */
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Secure cookies: "auto" follows PUBLIC_URL's scheme. */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
});

export type Env = z.infer<typeof ZEnv>;

export type AppConfig = Env & {
  dataDir: string;
  publicUrl: string;
  seedDemoData: boolean;
  cookieSecure: boolean;
};

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    seedDemoData: env.SEED_DEMO_DATA ?? env.DATABASE_URL === undefined,
    cookieSecure:
      env.COOKIE_SECURE === "auto" ? (env.PUBLIC_URL ?? "").startsWith("https://") : env.COOKIE_SECURE === "true",
  };
}
