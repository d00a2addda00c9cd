ALTER TABLE "bookings" ADD COLUMN "arrival_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "erase_when_finished" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The audit log stays append-only, with two exceptions each set by its own transaction: pruning old entries (as
-- before), and erasing a person who closed their account (UK GDPR's right to erasure), which may rewrite only how
-- entries name people (labels, sentence, details), never what happened, to whom by id, or when.
CREATE OR REPLACE FUNCTION "audit_logs_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('staylondon.audit_prune', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('staylondon.audit_erasure', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.type = OLD.type AND NEW.action = OLD.action AND NEW.created_at = OLD.created_at
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.subject_user_id IS NOT DISTINCT FROM OLD.subject_user_id
     AND NEW.target_type IS NOT DISTINCT FROM OLD.target_type AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
     AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
