CREATE TYPE "public"."issued_document_kind" AS ENUM('receipt', 'vat_invoice', 'statement');--> statement-breakpoint
CREATE TABLE "document_series" (
	"series" text PRIMARY KEY NOT NULL,
	"next_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"kind" "issued_document_kind" NOT NULL,
	"booking_id" integer,
	"party_id" integer NOT NULL,
	"period" text,
	"figures" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_documents_period_shape" CHECK ("issued_documents"."period" is null or "issued_documents"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "issued_documents_number_positive" CHECK ("issued_documents"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_number_key" ON "issued_documents" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_booking_key" ON "issued_documents" USING btree ("kind","booking_id") WHERE "issued_documents"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_period_key" ON "issued_documents" USING btree ("kind","party_id","period") WHERE "issued_documents"."period" is not null;