CREATE TYPE "public"."tax_details_kind" AS ENUM('individual', 'business');--> statement-breakpoint
CREATE TABLE "seller_tax_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" "tax_details_kind" NOT NULL,
	"legal_name" text NOT NULL,
	"date_of_birth" date,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'GB' NOT NULL,
	"national_insurance_number_sealed" text,
	"utr_sealed" text,
	"company_number_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_tax_details_kind_fields" CHECK (("seller_tax_details"."kind" = 'individual' and "seller_tax_details"."date_of_birth" is not null and "seller_tax_details"."company_number_sealed" is null)
        or ("seller_tax_details"."kind" = 'business' and "seller_tax_details"."date_of_birth" is null and "seller_tax_details"."national_insurance_number_sealed" is null))
);
--> statement-breakpoint
ALTER TABLE "seller_tax_details" ADD CONSTRAINT "seller_tax_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;