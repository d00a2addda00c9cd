import { LISTINGS_CHANGED } from "../../db/change-feed";
import { TtlCache } from "../../lib/ttl-cache";

type ChangeNotifications = { connected: boolean; on(event: string, listener: () => void): unknown };

/**
 * What a public read keeps: `feed`, the database's change notifications (without a live feed nothing is kept
 * between requests); `cacheResults` (SEARCH_CACHE), whole answers too, not only the place list.
 */
export type KeepingOptions = { feed?: ChangeNotifications; cacheResults?: boolean };

/**
 * Answers kept in memory only while the database's change feed vouches that nothing they were read from changed:
 * each of the `emptiedBy` notifications (by default `listings_changed`) empties them. Visitors asking the same at once
 * share one reading; an answer read while a change arrived is given to its asker but not kept.
 */
export class FeedKeptAnswers<T> {
  private readonly kept: TtlCache<T>;
  private readonly reading = new Map<string, Promise<T>>();
  private changes = 0;
  /** Reads answered from memory and those that went to the database, since start. */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly feed: ChangeNotifications | undefined,
    size: { entries: number; ttlMs: number },
    emptiedBy: readonly string[] = [LISTINGS_CHANGED],
  ) {
    this.kept = new TtlCache<T>(size.entries, size.ttlMs);
    for (const event of emptiedBy) {
      feed?.on(event, () => {
        this.changes += 1;
        this.kept.clear();
        this.reading.clear();
      });
    }
  }

  /**
   * Whether `value` is still the answer kept for `key` (counted as a hit when it is): what an answer sent again
   * without asking for it checks first.
   */
  stillKeeps(key: string, value: T): boolean {
    if (this.feed?.connected !== true || this.kept.get(key) !== value) return false;
    this.lookups.hits += 1;
    return true;
  }

  /** The kept answer for `key`, else `read()`'s, kept when the feed is live throughout. */
  async answer(key: string, read: () => Promise<T>): Promise<T> {
    if (this.feed?.connected !== true) return read();
    const known = this.kept.get(key) ?? this.reading.get(key);
    if (known) {
      this.lookups.hits += 1;
      return known;
    }
    this.lookups.misses += 1;
    const before = this.changes;
    const pending = read();
    this.reading.set(key, pending);
    try {
      const value = await pending;
      if (before === this.changes && this.feed.connected) this.kept.set(key, value);
      return value;
    } finally {
      if (this.reading.get(key) === pending) this.reading.delete(key);
    }
  }
}
