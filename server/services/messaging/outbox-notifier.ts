import type { Tx } from "../../db/client";
import type { Email } from "./messenger";
import type { Outbox } from "./outbox";

/**
 * Tells the people of a record (a booking, a maintenance job) what happened to it: the letters some news causes go
 * into the outbox in the transaction of the change, so they are sent exactly when the change commits, and a mail
 * outage only delays them. Each kind of record says which letters its news causes.
 */
export abstract class OutboxNotifier<News> {
  constructor(
    private readonly outbox: Outbox,
    protected readonly publicUrl: string,
  ) {}

  async add(tx: Tx, id: number, news: News): Promise<void> {
    await this.write(tx, await this.letters(tx, id, news));
  }

  /** Puts letters in the outbox, in the caller's transaction. */
  protected async write(tx: Tx, letters: readonly Email[]): Promise<void> {
    await this.outbox.add(
      tx,
      letters.map((email) => ({ email })),
    );
  }

  protected abstract letters(tx: Tx, id: number, news: News): Promise<Email[]>;
}
