import { randomUUID } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { insertOutboxMessage } from "../../repositories/outbox.repository";

export type Email = { to: string; subject: string; text: string; html: string };
/** `template` names the kind of text for System Logs; the body (a code) is never logged. */
export type Sms = { to: string; body: string; template: string };

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

const EMAIL_ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+\.[^\s<>"'@]+/g;

/**
 * A recipient as System Logs shows it: enough to recognise, not enough to harvest. "ada@example.com" becomes
 * "a***@example.com", "+447400555001" becomes "+44*******001".
 */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf("@");
  if (at >= 0) return `${recipient.slice(0, Math.min(1, at))}***${recipient.slice(at)}`;
  if (recipient.length <= 6) return "*".repeat(recipient.length);
  return `${recipient.slice(0, 3)}${"*".repeat(recipient.length - 6)}${recipient.slice(-3)}`;
}

/** A provider's error for System Logs: short, with any e-mail address in it masked (SMTP refusals quote them). */
function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(EMAIL_ADDRESS, (address) => maskRecipient(address)).slice(0, 300);
}

type FailedMessage = {
  channel: "email" | "sms";
  /** This send's id: the e-mail's Message-ID, and in the server log beside the failure. */
  messageId: string;
  to: string;
  /** The e-mail's subject, or the kind of text message. */
  what: { subject: string } | { template: string };
  error: string;
};

/**
 * Sends e-mail and SMS through the configured provider, or records them in the dev outbox (issue 3
 * item 8). One instance per app; the SMTP connection is pooled by nodemailer.
 */
export class Messenger {
  private readonly smtp: Transporter | null;
  /** The host part of our Message-IDs: the sender's domain. */
  private readonly mailDomain: string;

  constructor(
    private readonly db: Database,
    private readonly config: MessengerConfig,
    private readonly log: { error: (o: object, m: string) => void } = console,
  ) {
    this.smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    this.mailDomain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? "staylondon.invalid";
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
    const messageId = randomUUID();
    const failed = { channel: "email", messageId, to: email.to, what: { subject: email.subject } } as const;
    if (this.smtp) {
      try {
        await this.smtp.sendMail({
          from: this.config.mailFrom,
          ...email,
          messageId: `<${messageId}@${this.mailDomain}>`,
        });
      } catch (error) {
        this.log.error({ err: error, to: email.to, messageId }, "e-mail delivery failed");
        await this.recordFailure({ ...failed, error: describeFailure(error) });
        throw undeliverable("email");
      }
      return;
    }
    if (!this.config.devOutbox) {
      await this.recordFailure({
        ...failed,
        error: "No e-mail provider is configured (SMTP_URL) and the dev outbox is off",
      });
      throw undeliverable("email");
    }
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
    const messageId = randomUUID();
    const failed = { channel: "sms", messageId, to: sms.to, what: { template: sms.template } } as const;
    if (smsWebhookUrl) {
      const response = await fetch(smsWebhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(smsWebhookToken ? { authorization: `Bearer ${smsWebhookToken}` } : {}),
        },
        body: JSON.stringify({ to: sms.to, body: sms.body }),
        signal: AbortSignal.timeout(10_000),
      }).catch((error: unknown) => error as Error);
      if (response instanceof Error || !response.ok) {
        const detail = response instanceof Error ? response.message : `HTTP ${response.status}`;
        this.log.error({ to: sms.to, detail, messageId }, "SMS delivery failed");
        await this.recordFailure({ ...failed, error: describeFailure(detail) });
        throw undeliverable("text message");
      }
      return;
    }
    if (!this.config.devOutbox) {
      await this.recordFailure({
        ...failed,
        error: "No SMS provider is configured (SMS_WEBHOOK_URL) and the dev outbox is off",
      });
      throw undeliverable("text message");
    }
    await insertOutboxMessage(this.db, { channel: "sms", recipient: sms.to, body: sms.body });
  }

  /**
   * message.failed in System Logs. The sender's own failure is what callers must see, so an audit write that
   * fails too is only logged.
   */
  private async recordFailure(failure: FailedMessage): Promise<void> {
    const recipient = maskRecipient(failure.to);
    const kind = failure.channel === "email" ? "An e-mail" : "A text message";
    const what = "subject" in failure.what ? `"${failure.what.subject}"` : failure.what.template;
    try {
      await recordAudit(this.db, {
        type: "error",
        action: "message.failed",
        message: `${kind} could not be sent: ${what} to ${recipient}`,
        subject: { id: null, label: recipient },
        target: { type: "message", id: failure.messageId },
        details: { channel: failure.channel, ...failure.what, recipient, error: failure.error },
      });
    } catch (error) {
      this.log.error(
        { err: error, messageId: failure.messageId },
        "the failed message could not be recorded in the audit log",
      );
    }
  }

  close(): void {
    this.smtp?.close();
  }
}
