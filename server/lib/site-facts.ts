import type { TSiteFacts } from "../../common/schemas/site-facts";
import type { AppConfig } from "../config/env";
import { LOGIN_ATTEMPT_DAYS } from "../jobs/login-attempts-prune";
import { SENT_MESSAGE_DAYS } from "../jobs/outbox-prune";

export type SiteFactsConfig = Pick<
  AppConfig,
  | "COMPANY_NAME"
  | "COMPANY_NUMBER"
  | "COMPANY_ADDRESS"
  | "SUPPORT_EMAIL"
  | "ICO_REGISTRATION"
  | "STRIPE_SECRET_KEY"
  | "SMTP_URL"
  | "SMS_WEBHOOK_URL"
  | "s3"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "APPLE_CLIENT_ID"
  | "MAP_TILE_URL"
  | "SESSION_ABSOLUTE_DAYS"
  | "AUDIT_LOG_RETENTION_DAYS"
>;

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/**
 * The site's facts from its configuration: the company as given, and a processor for each outside service this
 * deployment is set up to use (a service left unconfigured receives nothing, so it is not listed).
 */
export function siteFacts(config: SiteFactsConfig): TSiteFacts {
  const processors: TSiteFacts["processors"] = [];
  if (config.STRIPE_SECRET_KEY) {
    processors.push({
      name: "Stripe",
      purpose: "Takes card payments and refunds. Card numbers go to Stripe directly; we never see or store them.",
    });
  }
  if (config.SMTP_URL) {
    processors.push({
      name: `E-mail delivery (${hostOf(config.SMTP_URL)})`,
      purpose: "Sends the e-mails you ask for or need: verification and reset links, booking and message notices.",
    });
  }
  if (config.SMS_WEBHOOK_URL) {
    processors.push({
      name: `Text messages (${hostOf(config.SMS_WEBHOOK_URL)})`,
      purpose: "Sends the codes that verify your mobile number.",
    });
  }
  if (config.s3) {
    processors.push({
      name: `Photo storage (${config.s3.endpoint ? hostOf(config.s3.endpoint) : "Amazon S3"})`,
      purpose: "Keeps the photos landlords upload for their listings and the photos attached to repair reports.",
    });
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    processors.push({
      name: "Google",
      purpose: "Only if you choose to sign in with Google: confirms who you are and gives us your name and e-mail.",
    });
  }
  if (config.APPLE_CLIENT_ID) {
    processors.push({
      name: "Apple",
      purpose: "Only if you choose to sign in with Apple: confirms who you are and gives us your name and e-mail.",
    });
  }
  processors.push({
    name: `Map images (${hostOf(config.MAP_TILE_URL)})`,
    purpose:
      "Draws the maps on listing and search pages. Your browser asks it for the map images, so it sees your IP address.",
  });
  return {
    company: {
      name: config.COMPANY_NAME,
      number: config.COMPANY_NUMBER ?? null,
      registeredAddress: config.COMPANY_ADDRESS ?? null,
      supportEmail: config.SUPPORT_EMAIL ?? null,
      icoRegistration: config.ICO_REGISTRATION ?? null,
    },
    processors,
    retention: {
      sessionDays: config.SESSION_ABSOLUTE_DAYS,
      loginAttemptDays: LOGIN_ATTEMPT_DAYS,
      auditLogDays: config.AUDIT_LOG_RETENTION_DAYS,
      sentMessageDays: SENT_MESSAGE_DAYS,
    },
  };
}
