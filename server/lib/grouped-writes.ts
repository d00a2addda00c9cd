/**
 * Gathers items into as few writes as the database's pace needs: an item that arrives while no write is in flight
 * is written at once, and items that arrive during a write go together in the next one. Idle, nothing waits; busy,
 * many items share one statement (the way PostgreSQL groups commits).
 */
export class GroupedWrites<T, R> {
  private waiting: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  /** `write` answers one result per item, in the items' order. */
  constructor(private readonly write: (items: T[]) => Promise<R[]>) {}

  /** The item's result once the write it went in has finished; that write's error if it failed. */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0);
      try {
        const results = await this.write(group.map((entry) => entry.item));
        for (const [i, entry] of group.entries()) entry.resolve(results[i] as R);
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    this.writing = false;
  }
}
