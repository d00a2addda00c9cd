CREATE TABLE "maintenance_job_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"actor_id" integer,
	"transition" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_job_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"photo_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"reported_by" integer NOT NULL,
	"booking_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contractor_id" integer,
	"scheduled_date" date,
	"estimated_hours" integer,
	"vacant_nights" integer,
	"agreed_payment" numeric(10, 2),
	"final_cost" numeric(10, 2),
	"work_stage" text,
	"proposed_date" date,
	"proposed_note" text,
	"closing_reason" text,
	"completion_note" text,
	"completed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_jobs_amounts" CHECK (("maintenance_jobs"."agreed_payment" is null or "maintenance_jobs"."agreed_payment" between 0 and 1000000) and ("maintenance_jobs"."final_cost" is null or "maintenance_jobs"."final_cost" between 0 and 1000000)),
	CONSTRAINT "maintenance_jobs_vacant_nights" CHECK ("maintenance_jobs"."vacant_nights" is null or "maintenance_jobs"."vacant_nights" between 1 and 30),
	CONSTRAINT "maintenance_jobs_estimated_hours" CHECK ("maintenance_jobs"."estimated_hours" is null or "maintenance_jobs"."estimated_hours" between 1 and 160),
	CONSTRAINT "maintenance_jobs_taken_has_contractor" CHECK ("maintenance_jobs"."status" not in ('scheduled', 'in_progress', 'completed') or "maintenance_jobs"."contractor_id" is not null),
	CONSTRAINT "maintenance_jobs_completed_has_cost" CHECK ("maintenance_jobs"."status" <> 'completed' or "maintenance_jobs"."final_cost" is not null),
	CONSTRAINT "maintenance_jobs_paid_when_completed" CHECK ("maintenance_jobs"."paid_at" is null or "maintenance_jobs"."status" = 'completed')
);
--> statement-breakpoint
CREATE TABLE "maintenance_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"contractor_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"offered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manager_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_thread_reads" (
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_thread_reads_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "property_manager_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"assigned_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	CONSTRAINT "property_manager_assignments_ended_after_start" CHECK ("property_manager_assignments"."ended_at" is null or "property_manager_assignments"."ended_at" >= "property_manager_assignments"."started_at")
);
--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "maintenance_job_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_job_events" ADD CONSTRAINT "maintenance_job_events_job_id_maintenance_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."maintenance_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_job_events" ADD CONSTRAINT "maintenance_job_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_job_photos" ADD CONSTRAINT "maintenance_job_photos_job_id_maintenance_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."maintenance_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_job_photos" ADD CONSTRAINT "maintenance_job_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_offers" ADD CONSTRAINT "maintenance_offers_job_id_maintenance_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."maintenance_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_offers" ADD CONSTRAINT "maintenance_offers_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_offers" ADD CONSTRAINT "maintenance_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_messages" ADD CONSTRAINT "manager_messages_assignment_id_property_manager_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."property_manager_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_messages" ADD CONSTRAINT "manager_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_thread_reads" ADD CONSTRAINT "manager_thread_reads_assignment_id_property_manager_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."property_manager_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_thread_reads" ADD CONSTRAINT "manager_thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_manager_assignments" ADD CONSTRAINT "property_manager_assignments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_manager_assignments" ADD CONSTRAINT "property_manager_assignments_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_manager_assignments" ADD CONSTRAINT "property_manager_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_manager_assignments" ADD CONSTRAINT "property_manager_assignments_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_job_events_job_idx" ON "maintenance_job_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_job_photos_job_idx" ON "maintenance_job_photos" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "maintenance_jobs_property_status_idx" ON "maintenance_jobs" USING btree ("property_id","status");--> statement-breakpoint
CREATE INDEX "maintenance_jobs_contractor_idx" ON "maintenance_jobs" USING btree ("contractor_id","status") WHERE "maintenance_jobs"."contractor_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_jobs_reporter_idx" ON "maintenance_jobs" USING btree ("reported_by");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_offers_job_contractor_key" ON "maintenance_offers" USING btree ("job_id","contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_offers_one_accepted_key" ON "maintenance_offers" USING btree ("job_id") WHERE "maintenance_offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "maintenance_offers_contractor_open_idx" ON "maintenance_offers" USING btree ("contractor_id") WHERE "maintenance_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "manager_messages_assignment_idx" ON "manager_messages" USING btree ("assignment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_manager_assignments_current_key" ON "property_manager_assignments" USING btree ("property_id") WHERE "property_manager_assignments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "property_manager_assignments_manager_idx" ON "property_manager_assignments" USING btree ("manager_id") WHERE "property_manager_assignments"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_maintenance_job_id_maintenance_jobs_id_fk" FOREIGN KEY ("maintenance_job_id") REFERENCES "public"."maintenance_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_maintenance_job_idx" ON "availability" USING btree ("maintenance_job_id") WHERE "availability"."maintenance_job_id" is not null;--> statement-breakpoint
-- The text columns hold only the values common/domain/maintenance.ts names, whatever path writes them.
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_status_known" CHECK ("status" in ('pending', 'scheduled', 'in_progress', 'completed', 'declined', 'cancelled'));--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_priority_known" CHECK ("priority" in ('high', 'medium', 'low'));--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_category_known" CHECK ("category" in ('plumbing', 'electrical', 'heating', 'appliances', 'locks_and_security', 'structural', 'pest_control', 'cleaning', 'other'));--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_work_stage_known" CHECK ("work_stage" is null or "work_stage" in ('on_the_way', 'in_progress', 'waiting_for_parts'));--> statement-breakpoint
ALTER TABLE "maintenance_offers" ADD CONSTRAINT "maintenance_offers_status_known" CHECK ("status" in ('open', 'accepted', 'declined', 'withdrawn'));
