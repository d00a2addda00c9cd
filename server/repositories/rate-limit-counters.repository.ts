import type { Database } from "../db/client";

export type Hit = { current: number; ttl: number };

type Pending = { key: string; windowStart: number; windowEnd: number; unsent: number; known: number };

/** The fixed window `now` falls in: it starts at a multiple of its length, and `ttl` ms of it are left. */
function windowOf(windowMs: number, now = Date.now()) {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return { windowStart, ttl: windowStart + windowMs - now };
}

/** How often batched hits reach the database: the most another instance's count can lag behind. */
const FLUSH_EVERY_MS = 200;

/**
 * Fixed-window request counters in `rate_limit_counters`, shared by every app instance. A window starts at a
 * multiple of its length, so all instances agree on it without talking to each other.
 *
 * - exact: each hit is one upsert that returns the window's total.
 * - batched: hits are added up here and sent every FLUSH_EVERY_MS in one statement; a hit is judged by the
 *   total last read from the database plus this instance's unsent hits. For busy reads (search) a round trip
 *   per request would cost more than answering it.
 */
export class RateLimitCounters {
  private readonly pending = new Map<string, Pending>();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Database) {}

  /** One request counted at once: an upsert that answers the window's total. */
  async hitExact(key: string, windowMs: number): Promise<Hit> {
    const { windowStart, ttl } = windowOf(windowMs);
    // Named: every counted request sends it, so PostgreSQL keeps it planned (server/db/prepared.ts).
    const result = await this.db.$client.query<{ hits: number }>({
      name: "rate_limit_hit",
      text: `insert into rate_limit_counters (key, window_start, hits) values ($1, to_timestamp($2 / 1000.0), 1)
       on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1
       returning hits`,
      values: [key, windowStart],
    });
    return { current: result.rows[0]?.hits ?? 1, ttl };
  }

  /** One request counted locally, judged by the total last read plus this instance's unsent hits. */
  hitBatched(key: string, windowMs: number): Hit {
    const { windowStart, ttl } = windowOf(windowMs);
    const id = `${windowStart}|${key}`;
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { key, windowStart, windowEnd: windowStart + windowMs, unsent: 0, known: 0 };
      this.pending.set(id, entry);
    }
    entry.unsent += 1;
    this.scheduleFlush();
    return { current: entry.known + entry.unsent, ttl };
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Sends every unsent hit in one statement and reads back each window's total. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const now = Date.now();
    const sending: Array<{ entry: Pending; count: number }> = [];
    for (const [id, entry] of this.pending) {
      if (entry.unsent > 0) sending.push({ entry, count: entry.unsent });
      // A window that has ended and has nothing left to send is forgotten.
      else if (entry.windowEnd <= now) this.pending.delete(id);
    }
    if (sending.length === 0) return;
    this.flushing = (async () => {
      try {
        const result = await this.db.$client.query<{ key: string; window_start_ms: string; hits: number }>(
          `insert into rate_limit_counters (key, window_start, hits)
           select key, to_timestamp(start_ms / 1000.0), hits
             from unnest($1::text[], $2::float8[], $3::int[]) as sent(key, start_ms, hits)
           on conflict (key, window_start) do update set hits = rate_limit_counters.hits + excluded.hits
           returning key, (extract(epoch from window_start) * 1000)::bigint::text as window_start_ms, hits`,
          [
            sending.map(({ entry }) => entry.key),
            sending.map(({ entry }) => entry.windowStart),
            sending.map(({ count }) => count),
          ],
        );
        for (const { entry, count } of sending) entry.unsent -= count;
        for (const row of result.rows) {
          const entry = this.pending.get(`${Number(row.window_start_ms)}|${row.key}`);
          if (entry) entry.known = row.hits;
        }
      } catch {
        // Kept unsent: the next flush tries again (hits are judged locally meanwhile).
      } finally {
        this.flushing = null;
        if ([...this.pending.values()].some((entry) => entry.unsent > 0)) this.scheduleFlush();
      }
    })();
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** Deletes windows that started more than a day ago (no limit's window is longer): a recurring job. */
export async function deleteEndedRateLimitWindows(db: Database): Promise<number> {
  const result = await db.$client.query(
    "delete from rate_limit_counters where window_start < now() - interval '1 day'",
  );
  return result.rowCount ?? 0;
}
