-- The durable outbox: every e-mail and text message is a row written with the change that causes it, then sent
-- by a worker on any instance (claimed with a lease), retried with backoff, and marked sent or dead.
CREATE TABLE "outgoing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "outgoing_messages_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "outgoing_messages_channel" CHECK ("outgoing_messages"."channel" in ('email', 'sms')),
	CONSTRAINT "outgoing_messages_status" CHECK ("outgoing_messages"."status" in ('pending', 'sending', 'sent', 'dead'))
);
--> statement-breakpoint
CREATE INDEX "outgoing_messages_due_idx" ON "outgoing_messages" USING btree ("next_attempt_at") WHERE "outgoing_messages"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outgoing_messages_finished_idx" ON "outgoing_messages" USING btree ("finished_at") WHERE "outgoing_messages"."status" in ('sent', 'dead');