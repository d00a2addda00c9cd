CREATE TABLE "platform_report_filings" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"message_ref_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"sellers" integer NOT NULL,
	"missing_tax_details" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_sealed" text NOT NULL,
	CONSTRAINT "platform_report_filings_year" CHECK ("platform_report_filings"."year" >= 2024),
	CONSTRAINT "platform_report_filings_counts" CHECK ("platform_report_filings"."sellers" >= 0 and "platform_report_filings"."missing_tax_details" >= 0),
	CONSTRAINT "platform_report_filings_sha256" CHECK ("platform_report_filings"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "platform_report_filings_sealed" CHECK ("platform_report_filings"."file_sealed" like 'v1.%')
);
--> statement-breakpoint
ALTER TABLE "platform_report_filings" ADD CONSTRAINT "platform_report_filings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_report_filings_message_ref_id_key" ON "platform_report_filings" USING btree ("message_ref_id");--> statement-breakpoint
CREATE INDEX "platform_report_filings_year_created_idx" ON "platform_report_filings" USING btree ("year","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- HMRC's rules keep each report for six years: a stored report is never changed or removed by the app.
CREATE FUNCTION "platform_report_filings_kept"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'platform_report_filings keeps each report as sent (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "platform_report_filings_kept"
  BEFORE UPDATE OR DELETE ON "platform_report_filings"
  FOR EACH ROW EXECUTE FUNCTION "platform_report_filings_kept"();
--> statement-breakpoint
CREATE TRIGGER "platform_report_filings_no_truncate"
  BEFORE TRUNCATE ON "platform_report_filings"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform_report_filings_kept"();
