CREATE TABLE "fine_waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"waived_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text,
	"payload_hash" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fine_waivers_amount" CHECK ("fine_waivers"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "concessions" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "concessions" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "concession_id" uuid;--> statement-breakpoint
ALTER TABLE "fine_waivers" ADD CONSTRAINT "fine_waivers_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_waivers" ADD CONSTRAINT "fine_waivers_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_waivers" ADD CONSTRAINT "fine_waivers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fine_waivers_line_idx" ON "fine_waivers" USING btree ("institute_id","invoice_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fine_waivers_idempotency_unique" ON "fine_waivers" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_concession_fk" FOREIGN KEY ("institute_id","concession_id") REFERENCES "public"."concessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_concession_credit_unique" ON "invoices" USING btree ("institute_id","credit_of","concession_id") WHERE "invoices"."concession_id" is not null;