-- Owner–manager threads join guest–host ones in message_threads: every message, read mark and notice rule is kept.
ALTER TABLE "message_threads" ALTER COLUMN "guest_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "kind" text DEFAULT 'guest_host' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "assignment_id" integer;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_assignment_id_property_manager_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."property_manager_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_assignment_key" ON "message_threads" USING btree ("assignment_id") WHERE "message_threads"."assignment_id" is not null;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_parties" CHECK (("message_threads"."kind" = 'guest_host' and "message_threads"."guest_id" is not null and "message_threads"."assignment_id" is null)
        or ("message_threads"."kind" = 'owner_manager' and "message_threads"."assignment_id" is not null and "message_threads"."guest_id" is null and "message_threads"."booking_id" is null));--> statement-breakpoint
-- One conversation per assignment, ended ones too (they stay readable).
INSERT INTO "message_threads" ("kind", "property_id", "assignment_id", "created_at")
  SELECT 'owner_manager', a."property_id", a."id", a."started_at" FROM "property_manager_assignments" a ORDER BY a."id";--> statement-breakpoint
-- Messages keep their order, author and time; moved_from maps the old ids so read marks can follow them.
ALTER TABLE "thread_messages" ADD COLUMN "moved_from" bigint;--> statement-breakpoint
INSERT INTO "thread_messages" ("thread_id", "author_id", "author_side", "body", "created_at", "moved_from")
  SELECT t."id", m."author_id", CASE WHEN m."author_id" = a."manager_id" THEN 'manager' ELSE 'host' END,
    m."body", m."created_at", m."id"
  FROM "manager_messages" m
  JOIN "property_manager_assignments" a ON a."id" = m."assignment_id"
  JOIN "message_threads" t ON t."assignment_id" = a."id"
  ORDER BY m."id";--> statement-breakpoint
-- Read up to an old message = read up to the same message under its new id (0 where nothing moved was read).
INSERT INTO "message_thread_reads" ("thread_id", "user_id", "last_read_message_id", "read_at")
  SELECT t."id", r."user_id",
    coalesce((SELECT max(x."id") FROM "thread_messages" x WHERE x."thread_id" = t."id" AND x."moved_from" <= r."last_read_message_id"), 0),
    r."read_at"
  FROM "manager_thread_reads" r
  JOIN "message_threads" t ON t."assignment_id" = r."assignment_id";--> statement-breakpoint
ALTER TABLE "thread_messages" DROP COLUMN "moved_from";--> statement-breakpoint
DROP TABLE "manager_messages" CASCADE;--> statement-breakpoint
DROP TABLE "manager_thread_reads" CASCADE;
