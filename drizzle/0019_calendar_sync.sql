-- Calendar sync: the secret address of each listing's feed, other sites' feeds of a listing, the stays imported from
-- them (one row per event, its whole span) and the overlaps with our own bookings the landlord has been told of.
CREATE TABLE "calendar_exports" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_feeds_last_status" CHECK ("calendar_feeds"."last_status" in ('ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "calendar_sync_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"uid" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"uid" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"summary" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_stays_ends_after_start" CHECK ("imported_stays"."ends_on" > "imported_stays"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "calendar_exports" ADD CONSTRAINT "calendar_exports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_conflicts" ADD CONSTRAINT "calendar_sync_conflicts_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_conflicts" ADD CONSTRAINT "calendar_sync_conflicts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_conflicts" ADD CONSTRAINT "calendar_sync_conflicts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_stays" ADD CONSTRAINT "imported_stays_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_stays" ADD CONSTRAINT "imported_stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_exports_token_sha256_key" ON "calendar_exports" USING btree ("token_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_property_url_key" ON "calendar_feeds" USING btree ("property_id","url");--> statement-breakpoint
CREATE INDEX "calendar_feeds_next_sync_idx" ON "calendar_feeds" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sync_conflicts_key" ON "calendar_sync_conflicts" USING btree ("feed_id","uid","booking_id");--> statement-breakpoint
CREATE INDEX "calendar_sync_conflicts_property_idx" ON "calendar_sync_conflicts" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "imported_stays_feed_idx" ON "imported_stays" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "imported_stays_nights_idx" ON "imported_stays" USING gist ("property_id",daterange("starts_on", "ends_on", '[)'));