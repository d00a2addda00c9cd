import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/errors";
import { insertOutboxMessage } from "../../repositories/outbox.repository";

export type Email = { to: string; subject: string; text: string; html: string };
export type Sms = { to: string; body: string };

export type MessengerConfig = {
  /** smtp(s):// URL; when unset, e-mail goes to the dev outbox (if on). */
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** HTTP SMS provider; when unset, SMS goes to the dev outbox (if on). */
  smsWebhookUrl?: string | undefined;
  smsWebhookToken?: string | undefined;
  devOutbox: boolean;
};

/** Mail and SMS delivery failed or is not set up: the user is told to try again, nothing is half-done. */
const undeliverable = (what: string) =>
  new AppError(503, `We could not send the ${what} right now. Please try again later.`);

/**
 * Sends e-mail and SMS through the configured provider, or records them in the dev outbox (issue 3
 * item 8). One instance per app; the SMTP connection is pooled by nodemailer.
 */
export class Messenger {
  private readonly smtp: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly config: MessengerConfig,
    private readonly log: { error: (o: object, m: string) => void } = console,
  ) {
    this.smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  /** What the health page and the admin's system card can say. */
  get channels() {
    return {
      email: this.smtp ? "smtp" : this.config.devOutbox ? "outbox" : "off",
      sms: this.config.smsWebhookUrl ? "webhook" : this.config.devOutbox ? "outbox" : "off",
    } as const;
  }

  /** Whether the SMTP server answers and accepts our login, within `timeoutMs`; for the admin's status card. */
  async checkSmtp(timeoutMs = 5_000): Promise<void> {
    if (!this.smtp) throw new Error("SMTP is not configured");
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([this.smtp.verify(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async sendEmail(email: Email): Promise<void> {
    if (this.smtp) {
      try {
        await this.smtp.sendMail({ from: this.config.mailFrom, ...email });
      } catch (error) {
        this.log.error({ err: error, to: email.to }, "e-mail delivery failed");
        throw undeliverable("email");
      }
      return;
    }
    if (!this.config.devOutbox) throw undeliverable("email");
    await insertOutboxMessage(this.db, {
      channel: "email",
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      html: email.html,
    });
  }

  async sendSms(sms: Sms): Promise<void> {
    const { smsWebhookUrl, smsWebhookToken } = this.config;
    if (smsWebhookUrl) {
      const response = await fetch(smsWebhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(smsWebhookToken ? { authorization: `Bearer ${smsWebhookToken}` } : {}),
        },
        body: JSON.stringify(sms),
        signal: AbortSignal.timeout(10_000),
      }).catch((error: unknown) => error as Error);
      if (response instanceof Error || !response.ok) {
        const detail = response instanceof Error ? response.message : `HTTP ${response.status}`;
        this.log.error({ to: sms.to, detail }, "SMS delivery failed");
        throw undeliverable("text message");
      }
      return;
    }
    if (!this.config.devOutbox) throw undeliverable("text message");
    await insertOutboxMessage(this.db, { channel: "sms", recipient: sms.to, body: sms.body });
  }

  close(): void {
    this.smtp?.close();
  }
}
