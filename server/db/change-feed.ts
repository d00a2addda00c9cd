import { EventEmitter } from "node:events";
import pg from "pg";

/** Channel on which triggers (migration 0002) announce that public listing data changed. */
export const LISTINGS_CHANGED = "listings_changed";
/**
 * Channel on which triggers (the availability feed migration) announce that a night may have been taken or freed: a
 * stay booked, cancelled or moved, a night blocked or unblocked, a stay imported from another site, a pricing rule.
 */
export const AVAILABILITY_CHANGED = "availability_changed";
/** Channel on which a transaction that wrote e-mails or texts wakes every instance's outbox worker. */
export const OUTGOING_MESSAGES_WRITTEN = "outgoing_messages";

/**
 * Listens for the database's change notifications on one dedicated connection, so every app instance
 * on the same database hears about every write, whoever made it. `connected` is false while the
 * connection is down: callers must then not trust anything they cached.
 */
export class ChangeFeed extends EventEmitter {
  connected = false;
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly connectionString: string) {
    super();
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => this.emit(message.channel));
    client.on("error", () => this.reconnectLater());
    client.on("end", () => this.reconnectLater());
    await client.connect();
    await client.query(
      `listen ${LISTINGS_CHANGED}; listen ${AVAILABILITY_CHANGED}; listen ${OUTGOING_MESSAGES_WRITTEN}`,
    );
    this.client = client;
    this.connected = true;
    // Anything may have changed while we were not listening.
    this.emit(LISTINGS_CHANGED);
    this.emit(AVAILABILITY_CHANGED);
    this.emit(OUTGOING_MESSAGES_WRITTEN);
  }

  private reconnectLater(): void {
    if (this.closed) return;
    this.connected = false;
    this.client = null;
    this.emit(LISTINGS_CHANGED);
    this.emit(AVAILABILITY_CHANGED);
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => this.reconnectLater());
    }, 1000);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.connected = false;
    await this.client?.end().catch(() => {});
  }
}
