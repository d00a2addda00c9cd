CREATE TABLE "certificate_reminders" (
	"certificate_id" integer NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_reminders_certificate_id_days_before_pk" PRIMARY KEY("certificate_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "property_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"rating" text,
	"issued_by" text,
	"shared_with_guests" boolean DEFAULT false NOT NULL,
	"document_key" text NOT NULL,
	"document_name" text NOT NULL,
	"document_type" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_certificates_kind_check" CHECK ("property_certificates"."kind" in ('gas_safety', 'eicr', 'epc', 'hmo_licence', 'selective_licence')),
	CONSTRAINT "property_certificates_dates_check" CHECK ("property_certificates"."expires_on" > "property_certificates"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "property_compliance_facts" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"has_gas_supply" boolean,
	"hmo_licence_applies" boolean DEFAULT false NOT NULL,
	"selective_licence_applies" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_certificate_id_property_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."property_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_certificates" ADD CONSTRAINT "property_certificates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_certificates" ADD CONSTRAINT "property_certificates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_compliance_facts" ADD CONSTRAINT "property_compliance_facts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_certificates_property_kind_idx" ON "property_certificates" USING btree ("property_id","kind","expires_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_certificates_expires_idx" ON "property_certificates" USING btree ("expires_on");