import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { OUTGOING_MESSAGES_WRITTEN } from "../../db/change-feed";
import type { Database, Tx } from "../../db/client";
import { ServiceUnavailableError } from "../../lib/errors";
import { GroupedWrites } from "../../lib/grouped-writes";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  claimOutgoingMessages,
  finishAttempt,
  finishSentAttempts,
  insertOutgoingMessages,
  type OutgoingMessageRow,
} from "../../repositories/outgoing-messages.repository";
import { DeliveryFailure, describeFailure, type Email, type Messenger, maskRecipient, type Sms } from "./messenger";

/** Every attempt's outcome in this process: `attempt` with { channel, outcome } (the metrics count them). */
export const outboxEvents = new EventEmitter();
export type AttemptOutcome = "sent" | "retry" | "dead";

export type OutboxOptions = {
  /** How often each instance looks for due messages besides being woken at each commit. */
  pollMs: number;
  /** Attempts before a message is given up (dead) and shown in System Logs. */
  maxAttempts: number;
  /** How long a claimed message is this instance's; longer than one attempt can take (SMTP times out in 30 s). */
  leaseSeconds?: number;
  batchSize?: number;
};

/** The user waiting for a message is told it did not go, and may ask again at once. */
export const undeliverable = (channel: "email" | "sms") =>
  new ServiceUnavailableError(
    `We could not send the ${channel === "email" ? "email" : "text message"} right now. Please try again later.`,
  );

/**
 * Seconds before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min… up to an hour, each ±20% so
 * that messages held up by one outage do not all come back in the same second.
 */
export function retryDelaySeconds(attempts: number, random = Math.random): number {
  const base = Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The durable outbox. Callers write messages with `add` inside the transaction of the change that causes them, so
 * the change and its messages commit or vanish together. Every instance runs a worker: woken at each such commit
 * (the database notifies all instances) and every `pollMs`, it claims due messages with a lease, sends them, and
 * marks each sent, due again later (backoff), or dead after `maxAttempts` or a permanent refusal, with a
 * message.failed entry in System Logs. A message is sent at most once while instances live; only an instance that
 * dies between the provider's acceptance and the database's record can cause a second attempt, which carries the
 * same Message-ID.
 */
export class Outbox {
  private readonly leaseSeconds: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private started = false;
  private feed: EventEmitter | undefined;
  private readonly wake = () => this.drainSoon();
  /** Messages sent while another's mark is being written are marked together in the next statement. */
  private readonly sentMarks = new GroupedWrites<Pick<OutgoingMessageRow, "id" | "attempts">, boolean>((claimed) =>
    finishSentAttempts(this.db, claimed),
  );

  constructor(
    private readonly db: Database,
    private readonly messenger: Messenger,
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboxOptions,
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.batchSize = options.batchSize ?? 20;
  }

  /**
   * Writes messages in the caller's transaction and returns their ids. With `sendNow`, the caller sends them
   * itself right after the commit (`deliverNow`: someone is waiting for them) and workers hold off for a minute
   * in case it never does; otherwise every instance's worker is woken at the commit.
   */
  add(
    tx: Database | Tx,
    messages: readonly (({ email: Email } | { sms: Sms }) & { expiresAt?: Date; eraseWhenFinished?: boolean })[],
    options: { sendNow?: boolean } = {},
  ): Promise<number[]> {
    const rows = messages.map((message) =>
      "email" in message
        ? {
            channel: "email" as const,
            recipient: message.email.to,
            subject: message.email.subject,
            body: message.email.text,
            html: message.email.html,
            headers: message.email.headers ?? null,
            expiresAt: message.expiresAt ?? null,
            eraseWhenFinished: message.eraseWhenFinished ?? false,
          }
        : {
            channel: "sms" as const,
            recipient: message.sms.to,
            subject: message.sms.template,
            body: message.sms.body,
            html: null,
            headers: null,
            expiresAt: message.expiresAt ?? null,
            eraseWhenFinished: message.eraseWhenFinished ?? false,
          },
    );
    return insertOutgoingMessages(tx, rows, options.sendNow ? 60 : 0);
  }

  /**
   * Sends messages written with `sendNow`, after their commit, and says whether all went. `ifItFails`: "give-up"
   * when the person waiting is told and will ask again (a new code makes the old one useless), "retry" when the
   * workers should keep trying. A message a worker already took counts as on its way.
   */
  async deliverNow(ids: readonly number[], ifItFails: "give-up" | "retry"): Promise<boolean> {
    if (ids.length === 0) return true;
    const claimed = await claimOutgoingMessages(this.db, { ids, limit: ids.length, leaseSeconds: this.leaseSeconds });
    let allSent = true;
    for (const message of claimed) {
      if ((await this.attempt(message, ifItFails === "give-up")) !== "sent") allSent = false;
    }
    return allSent;
  }

  /** Starts this instance's worker; `feed` wakes it when any instance commits a message. */
  start(feed?: EventEmitter): void {
    if (this.started) return;
    this.started = true;
    feed?.on(OUTGOING_MESSAGES_WRITTEN, this.wake);
    this.timer = setInterval(this.wake, this.options.pollMs);
    this.timer.unref();
    this.feed = feed;
    this.drainSoon();
  }

  /** Stops claiming and waits for the batch in hand, so a shutdown never leaves a message half-sent. */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.feed?.off(OUTGOING_MESSAGES_WRITTEN, this.wake);
    await this.running;
  }

  /** Sends everything due now, batch after batch; resolves when nothing due is left (or the worker stops). */
  async drain(): Promise<void> {
    for (;;) {
      const batch = await claimOutgoingMessages(this.db, { limit: this.batchSize, leaseSeconds: this.leaseSeconds });
      if (batch.length === 0) return;
      await Promise.all(batch.map((message) => this.attempt(message, false)));
      if (!this.started) return;
    }
  }

  /** Resolves once nothing is due and this instance has no attempt in flight (tests wait on it for the letters). */
  async settle(): Promise<void> {
    for (;;) {
      await this.running;
      const batch = await claimOutgoingMessages(this.db, { limit: this.batchSize, leaseSeconds: this.leaseSeconds });
      if (batch.length === 0 && !this.running) return;
      await Promise.all(batch.map((message) => this.attempt(message, false)));
    }
  }

  private drainSoon(): void {
    if (!this.started) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = (async () => {
      do {
        this.wokenWhileRunning = false;
        await this.drain().catch((error: unknown) =>
          this.log.error({ err: error }, "the outbox could not be read; trying again at the next poll"),
        );
      } while (this.wokenWhileRunning && this.started);
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** One attempt at a claimed message, and its outcome written back. Never throws. */
  private async attempt(message: OutgoingMessageRow, giveUpOnFailure: boolean): Promise<AttemptOutcome> {
    let outcome: AttemptOutcome;
    let error = "";
    if (message.expiresAt && message.expiresAt.getTime() <= Date.now()) {
      outcome = "dead";
      error = "It expired before it could be sent";
    } else {
      try {
        await this.messenger.deliver(message);
        outcome = "sent";
      } catch (failure) {
        error = describeFailure(failure);
        const permanent = failure instanceof DeliveryFailure && failure.permanent;
        outcome = permanent || giveUpOnFailure || message.attempts >= this.options.maxAttempts ? "dead" : "retry";
      }
    }
    try {
      const ours =
        outcome === "sent"
          ? await this.sentMarks.add(message)
          : await finishAttempt(
              this.db,
              message,
              outcome === "retry"
                ? { retryInSeconds: retryDelaySeconds(message.attempts), error }
                : { dead: true, error },
            );
      if (ours && outcome === "dead") await this.recordDeath(message, error);
    } catch (writeError) {
      // The lease runs out and another attempt follows; the provider may then see this message twice.
      this.log.error({ err: writeError, messageId: message.messageId }, "an outbox attempt could not be recorded");
    }
    if (outcome !== "sent") {
      const level = outcome === "dead" ? "error" : "warn";
      this.log[level](
        { messageId: message.messageId, channel: message.channel, attempts: message.attempts, error },
        outcome === "dead" ? "message given up" : "message not sent; trying again later",
      );
    }
    outboxEvents.emit("attempt", { channel: message.channel, outcome });
    return outcome;
  }

  /** message.failed in System Logs, where admins see what never arrived. Only logged if that write fails too. */
  private async recordDeath(message: OutgoingMessageRow, error: string): Promise<void> {
    const recipient = maskRecipient(message.recipient);
    const [kind, what, detail] =
      message.channel === "email"
        ? ["An e-mail", `"${message.subject}"`, { subject: message.subject }]
        : ["A text message", message.subject, { template: message.subject }];
    try {
      await recordAudit(this.db, {
        type: "error",
        action: "message.failed",
        message: `${kind} could not be sent: ${what} to ${recipient}`,
        subject: { id: null, label: recipient },
        target: { type: "message", id: message.messageId },
        details: { channel: message.channel, ...detail, recipient, attempts: message.attempts, error },
      });
    } catch (auditError) {
      this.log.error(
        { err: auditError, messageId: message.messageId },
        "the failed message could not be recorded in System Logs",
      );
    }
  }
}
