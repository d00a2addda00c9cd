CREATE TABLE "pet_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"asked_by" integer,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"asked_on" date NOT NULL,
	"answer_due_on" date NOT NULL,
	"refusal_reason" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_requests_status_known" CHECK ("pet_requests"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "pet_requests_refusal_has_reason" CHECK ("pet_requests"."status" <> 'refused' or length(trim(coalesce("pet_requests"."refusal_reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_increases" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"proposed_by" integer,
	"previous_monthly_rent_pence" integer NOT NULL,
	"monthly_rent_pence" integer NOT NULL,
	"starts_on" date NOT NULL,
	"served_on" date NOT NULL,
	"notice_pdf" "bytea" NOT NULL,
	"notice_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_increases_rent_positive" CHECK ("rent_increases"."monthly_rent_pence" > 0 and "rent_increases"."previous_monthly_rent_pence" >= 0),
	CONSTRAINT "rent_increases_notice_before_start" CHECK ("rent_increases"."served_on" < "rent_increases"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "tenancy_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"version" text NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet_requests" ADD CONSTRAINT "pet_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_requests" ADD CONSTRAINT "pet_requests_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_requests" ADD CONSTRAINT "pet_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_increases" ADD CONSTRAINT "rent_increases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_increases" ADD CONSTRAINT "rent_increases_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_statements" ADD CONSTRAINT "tenancy_statements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_statements" ADD CONSTRAINT "tenancy_statements_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_requests_booking_idx" ON "pet_requests" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "pet_requests_pending_due_idx" ON "pet_requests" USING btree ("answer_due_on") WHERE "pet_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pet_requests_one_pending_key" ON "pet_requests" USING btree ("booking_id") WHERE "pet_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "rent_increases_booking_start_key" ON "rent_increases" USING btree ("booking_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_statements_booking_key" ON "tenancy_statements" USING btree ("booking_id");--> statement-breakpoint
-- Listings may no longer turn away tenants on benefits or with children (Renters' Rights Act 2025, from 1 May 2026):
-- a stored "benefits not accepted" preference is removed (the other preferences stay), and the same excluding phrases
-- the app now refuses on save are cut out of descriptions and terms, with the punctuation that closed them.
UPDATE "properties" SET "tenant_preferences" = "tenant_preferences" - 'dssAccepted'
WHERE "tenant_preferences" ->> 'dssAccepted' = 'false';
--> statement-breakpoint
UPDATE "properties" SET
  "description" = btrim(regexp_replace("description", '\m(no\s+(dss|benefits?|housing\s+benefits?|universal\s+credit|lha)|(dss|benefits?|housing\s+benefits?|universal\s+credit)\s+(not\s+(accepted|considered|allowed)|need\s+not\s+apply)|(working\s+)?professionals?\s+only|no\s+(children|kids|families|under[-\s]?18s)|(children|kids|families)\s+not\s+(accepted|allowed|considered)|adults?\s+only)\M[.,;!]?\s*', '', 'gi')),
  "terms_and_conditions" = nullif(btrim(regexp_replace("terms_and_conditions", '\m(no\s+(dss|benefits?|housing\s+benefits?|universal\s+credit|lha)|(dss|benefits?|housing\s+benefits?|universal\s+credit)\s+(not\s+(accepted|considered|allowed)|need\s+not\s+apply)|(working\s+)?professionals?\s+only|no\s+(children|kids|families|under[-\s]?18s)|(children|kids|families)\s+not\s+(accepted|allowed|considered)|adults?\s+only)\M[.,;!]?\s*', '', 'gi')), '')
WHERE "description" ~* '\m(no\s+(dss|benefits?|housing\s+benefits?|universal\s+credit|lha)|(dss|benefits?|housing\s+benefits?|universal\s+credit)\s+(not\s+(accepted|considered|allowed)|need\s+not\s+apply)|(working\s+)?professionals?\s+only|no\s+(children|kids|families|under[-\s]?18s)|(children|kids|families)\s+not\s+(accepted|allowed|considered)|adults?\s+only)\M'
   OR "terms_and_conditions" ~* '\m(no\s+(dss|benefits?|housing\s+benefits?|universal\s+credit|lha)|(dss|benefits?|housing\s+benefits?|universal\s+credit)\s+(not\s+(accepted|considered|allowed)|need\s+not\s+apply)|(working\s+)?professionals?\s+only|no\s+(children|kids|families|under[-\s]?18s)|(children|kids|families)\s+not\s+(accepted|allowed|considered)|adults?\s+only)\M';
