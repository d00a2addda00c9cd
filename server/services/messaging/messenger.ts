import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client";
import { insertOutboxMessage } from "../../repositories/outbox.repository";
import type { OutgoingMessageRow } from "../../repositories/outgoing-messages.repository";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: List-Unsubscribe on the e-mails a person chose to receive. */
  headers?: Record<string, string>;
};
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

/** What one attempt sends: a row of the outbox. */
export type Deliverable = Pick<
  OutgoingMessageRow,
  "messageId" | "channel" | "recipient" | "subject" | "body" | "html" | "headers"
>;

/**
 * One delivery attempt that did not go through. `permanent`: trying again cannot help (the mail server refused the
 * address, no provider is configured), so the outbox gives up at once instead of retrying.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

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
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(EMAIL_ADDRESS, (address) => maskRecipient(address)).slice(0, 300);
}

/**
 * Hands one message to the configured provider: SMTP for e-mail, an HTTP provider for SMS, or the dev outbox
 * when neither is set and it is on. The outbox (outbox.ts) decides when to call it and what a failure means.
 * One instance per app.
 */
export class Messenger {
  private readonly smtp: Transporter | null;
  /** The host part of our Message-IDs: the sender's domain. */
  private readonly mailDomain: string;

  constructor(
    private readonly db: Database,
    private readonly config: MessengerConfig,
  ) {
    // Short timeouts: a mail server that hangs must not hold a message past its lease (nodemailer waits minutes).
    this.smtp = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        })
      : null;
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

  /** One attempt; a DeliveryFailure says why it did not go through and whether another could. */
  async deliver(message: Deliverable): Promise<void> {
    if (message.channel === "email") await this.deliverEmail(message);
    else await this.deliverSms(message);
  }

  private async deliverEmail(message: Deliverable): Promise<void> {
    if (this.smtp) {
      try {
        await this.smtp.sendMail({
          from: this.config.mailFrom,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          ...(message.html !== null && { html: message.html }),
          ...(message.headers && { headers: message.headers }),
          // The same id on every attempt: a mail system that gets a message twice can tell.
          messageId: `<${message.messageId}@${this.mailDomain}>`,
        });
      } catch (error) {
        // 5xx replies (no such mailbox, refused) stay refused; timeouts and 4xx replies may pass later.
        const code = (error as { responseCode?: unknown }).responseCode;
        throw new DeliveryFailure(describeFailure(error), typeof code === "number" && code >= 500);
      }
      return;
    }
    if (!this.config.devOutbox) {
      throw new DeliveryFailure("No e-mail provider is configured (SMTP_URL) and the dev outbox is off", true);
    }
    await insertOutboxMessage(this.db, {
      channel: "email",
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      html: message.html,
    });
  }

  private async deliverSms(message: Deliverable): Promise<void> {
    const { smsWebhookUrl, smsWebhookToken } = this.config;
    if (smsWebhookUrl) {
      const response = await fetch(smsWebhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(smsWebhookToken ? { authorization: `Bearer ${smsWebhookToken}` } : {}),
        },
        body: JSON.stringify({ to: message.recipient, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      }).catch((error: unknown) => error as Error);
      if (response instanceof Error) throw new DeliveryFailure(describeFailure(response), false);
      // A provider refusing the request itself (bad number, bad token) will refuse it again; 429 and 5xx may pass.
      if (!response.ok) {
        throw new DeliveryFailure(`HTTP ${response.status}`, response.status < 500 && response.status !== 429);
      }
      return;
    }
    if (!this.config.devOutbox) {
      throw new DeliveryFailure("No SMS provider is configured (SMS_WEBHOOK_URL) and the dev outbox is off", true);
    }
    await insertOutboxMessage(this.db, {
      channel: "sms",
      recipient: message.recipient,
      subject: null,
      body: message.body,
      html: null,
    });
  }

  close(): void {
    this.smtp?.close();
  }
}
