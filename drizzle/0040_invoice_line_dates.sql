-- Each line carries its invoice's session, campus, issue and due days (an invoice is never
-- edited), held to them by its reference to the invoice: the due report reads what is owed from
-- the lines owed alone (invoice_lines_owed_idx) instead of joining every one to its invoice.
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_invoice_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_institute_id_student_unique";--> statement-breakpoint
DROP INDEX "invoice_lines_open_idx";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "academic_session_id" uuid, ADD COLUMN "campus_id" uuid,
  ADD COLUMN "issue_date" date, ADD COLUMN "due_date" date;--> statement-breakpoint
UPDATE "invoice_lines" l SET "academic_session_id" = i.academic_session_id,
    "campus_id" = i.campus_id, "issue_date" = i.issue_date, "due_date" = i.due_date
  FROM "invoices" i WHERE i.institute_id = l.institute_id AND i.id = l.invoice_id;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "academic_session_id" SET NOT NULL,
  ALTER COLUMN "campus_id" SET NOT NULL, ALTER COLUMN "issue_date" SET NOT NULL,
  ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_line_ref_unique" UNIQUE("institute_id","id","student_id","academic_session_id","campus_id","issue_date","due_date");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("institute_id","invoice_id","student_id","academic_session_id","campus_id","issue_date","due_date") REFERENCES "public"."invoices"("institute_id","id","student_id","academic_session_id","campus_id","issue_date","due_date") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "invoice_lines_owed_idx" ON "invoice_lines" USING btree ("institute_id","student_id","academic_session_id","due_date","id","issue_date","campus_id","invoice_id","fee_head_id","period_id","balance_minor","fine_minor") WHERE "invoice_lines"."credits_line_id" is null and "invoice_lines"."balance_minor" <> 0;
