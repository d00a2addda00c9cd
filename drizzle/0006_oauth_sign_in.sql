CREATE TABLE "oauth_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"provider" text NOT NULL,
	"intent" text NOT NULL,
	"role" "user_role",
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"callback_params" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oauth_flows_provider" CHECK ("oauth_flows"."provider" in ('google', 'apple')),
	CONSTRAINT "oauth_flows_intent" CHECK ("oauth_flows"."intent" in ('login', 'register'))
);
--> statement-breakpoint
CREATE TABLE "oauth_handoff_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oauth_handoff_tokens_provider" CHECK ("oauth_handoff_tokens"."provider" in ('google', 'apple'))
);
--> statement-breakpoint
CREATE TABLE "oauth_pending_identities" (
	"browser_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean NOT NULL,
	"private_relay" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oauth_pending_identities_provider" CHECK ("oauth_pending_identities"."provider" in ('google', 'apple'))
);
--> statement-breakpoint
ALTER TABLE "oauth_handoff_tokens" ADD CONSTRAINT "oauth_handoff_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_flows_expires_idx" ON "oauth_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_handoff_tokens_expires_idx" ON "oauth_handoff_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_handoff_tokens_user_idx" ON "oauth_handoff_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_pending_identities_expires_idx" ON "oauth_pending_identities" USING btree ("expires_at");