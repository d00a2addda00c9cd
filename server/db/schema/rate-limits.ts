import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * How many requests each rate-limit key (a limit's name and who is asking) made in each fixed window, shared by
 * every app instance. UNLOGGED (migration 0015): counters lost in a database crash only reset the limits.
 * Old windows are deleted by a recurring job.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
