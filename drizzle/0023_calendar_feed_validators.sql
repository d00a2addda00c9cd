-- Each imported feed keeps the validators its server gave with the last full answer (ETag, Last-Modified), so the
-- next poll can ask whether it changed and a "304 Not Modified" costs neither side a download. Existing feeds start
-- without them and are fetched in full once, as before.
ALTER TABLE "calendar_feeds" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "content_fetched_at" timestamp with time zone;