ALTER TABLE "payments" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "applicant_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_applicant_fk" FOREIGN KEY ("institute_id","applicant_id") REFERENCES "public"."applicants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_applicant_idx" ON "payments" USING btree ("institute_id","applicant_id");--> statement-breakpoint
ALTER TABLE "fee_heads" DROP COLUMN "vat_applicable";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer" CHECK (num_nonnulls("payments"."student_id", "payments"."applicant_id") = 1);