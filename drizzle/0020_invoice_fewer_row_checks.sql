ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_institute_id_institutes_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_invoice_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_institute_id_institutes_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_institute_id_student_unique" UNIQUE("institute_id","id","student_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("institute_id","invoice_id","student_id") REFERENCES "public"."invoices"("institute_id","id","student_id") ON DELETE no action ON UPDATE no action;
