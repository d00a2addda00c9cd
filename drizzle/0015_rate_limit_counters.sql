-- Rate-limit counters shared by every app instance. UNLOGGED: no WAL for a counter bumped on many requests;
-- a database crash empties the table, which only resets the limits.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
